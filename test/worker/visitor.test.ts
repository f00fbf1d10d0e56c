// The key the chart form's limits count a visitor by (src/worker/visitor.ts), for each way RFC 4291 2.2, RFC 5952,
// RFC 3986 3.2.2 and RFC 6874 let one address be written. Expected keys worked by hand from those texts.
import { describe, expect, it } from 'vitest';
import { visitorKey } from '../../src/worker/visitor.ts';

describe('visitorKey', () => {
  it('keeps an IPv4 address, and reads it with a port or leading zeros as the same visitor', () => {
    for (const form of ['203.0.113.7', '203.0.113.7:443', ' 203.0.113.7 ', '203.000.113.007'])
      expect(visitorKey(form), form).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const forms = [
      '2001:db8:1:2:3:4:5:6',
      '2001:0DB8:0001:0002:0003:0004:0005:0006',
      '2001:db8:1:2::6',
      '[2001:db8:1:2::6]',
      '[2001:db8:1:2::6]:8443',
      '2001:db8:1:2:ffff::',
      '2001:db8:1:2:3:4:192.0.2.1',
      '2001:db8:1:2::1%eth0',
    ];
    for (const form of forms) expect(visitorKey(form), form).toBe('2001:db8:1:2::/64');
  });

  it('places `::` where it stands: the groups before it lead, zeros fill the middle', () => {
    expect(visitorKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(visitorKey('::1')).toBe('0:0:0:0::/64');
    expect(visitorKey('2001:db8:0:a::')).toBe('2001:db8:0:a::/64');
    // A dotted tail is two groups: the fourth group here is a, not 0.
    expect(visitorKey('2001:db8::a:b:c:192.0.2.1')).toBe('2001:db8:0:a::/64');
    expect(visitorKey('2001:db8::b:b:c:192.0.2.1')).toBe('2001:db8:0:b::/64');
  });

  it('reads an IPv4-mapped address as its IPv4 visitor, dotted or in hex, and nothing else as one', () => {
    for (const form of [
      '::ffff:203.0.113.7',
      '::FFFF:203.0.113.7',
      '::ffff:cb00:7107',
      '0:0:0:0:0:ffff:cb00:7107',
      '[::ffff:203.0.113.7]:443',
      '0000:0000:0000:0000:0000:ffff:203.0.113.7',
    ]) {
      expect(visitorKey(form), form).toBe('203.0.113.7');
    }
    // Two mapped visitors are two keys, not one /64 of zeros.
    expect(visitorKey('::ffff:cb00:7108')).toBe('203.0.113.8');
    // ::ffff:0:0:0/96 is not the mapped block.
    expect(visitorKey('::ffff:0:cb00:7107')).toBe('0:0:0:0::/64');
  });

  it('makes a text that is no address its own key, and a missing one "unknown"', () => {
    expect(visitorKey(null)).toBe('unknown');
    expect(visitorKey('')).toBe('unknown');
    for (const text of [
      '2001:db8::1::2',
      '1:2:3:4:5:6:7:8:9',
      '2001:db8:1:2:3:4:5:6::',
      '203.0.113.256',
      '2001:db8:1:2:3:4:192.0.2.256',
      'not-an-address',
      '12345::1',
    ]) {
      expect(visitorKey(text), text).toBe(text);
    }
  });
});
