// The Spanish grammar the phrase bank needs beyond its templates: contractions, "y"/"e", house ordinals, dates.
import { describe, expect, it } from 'vitest';
import { ES } from '../../src/sample-service/phrase-bank.es.ts';

const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('Spanish phrase bank', () => {
  it('contracts "de el" and "a el", and only those two words', () => {
    expect(ES.finish('la casa de el dinero, y lleva el amor a el hogar')).toBe(
      'la casa del dinero, y lleva el amor al hogar',
    );
    expect(ES.finish('De el Sol. A el final')).toBe('Del Sol. Al final');
    expect(ES.finish('desde el lunes, para el martes, de ella, a elegir, de El Cairo')).toBe(
      'desde el lunes, para el martes, de ella, a elegir, de El Cairo',
    );
  });

  it('joins lists with "y", or "e" before an i sound', () => {
    expect(ES.list(['Mercurio'])).toBe('Mercurio');
    expect(ES.list(['Mercurio', 'Venus', 'Marte'])).toBe('Mercurio, Venus y Marte');
    expect(ES.list(['valiente', 'impaciente'])).toBe('valiente e impaciente');
    expect(ES.list(['agua', 'hielo'])).toBe('agua y hielo');
  });

  it('names houses with feminine ordinals, as "tu tercera casa"', () => {
    expect([1, 3, 7, 11, 12].map(ES.ordinal)).toEqual(['primera', 'tercera', 'séptima', 'undécima', 'duodécima']);
  });

  it("writes dates the Spanish way, with the year only when it is not the period's", () => {
    expect(ES.day(utc('2026-11-24'), 2026)).toBe('24 de noviembre');
    expect(ES.day(utc('2027-01-03'), 2026)).toBe('3 de enero de 2027');
    expect(ES.monthLabel(utc('2026-11-01'))).toBe('noviembre de 2026');
    expect(ES.weekLabel(utc('2026-11-23'), utc('2026-11-29'))).toBe('la semana del 23 al 29 de noviembre de 2026');
    expect(ES.weekLabel(utc('2026-03-30'), utc('2026-04-05'))).toBe('la semana del 30 de marzo al 5 de abril de 2026');
    expect(ES.weekLabel(utc('2026-12-28'), utc('2027-01-03'))).toBe(
      'la semana del 28 de diciembre de 2026 al 3 de enero de 2027',
    );
    expect(ES.dayRange(utc('2027-10-07'), utc('2027-10-28'))).toBe('del 7 al 28 de octubre');
    expect(ES.dayRange(utc('2026-02-26'), utc('2026-03-20'))).toBe('del 26 de febrero al 20 de marzo');
  });
});
