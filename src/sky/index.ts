// The sky's astronomy, pure functions of time and place (astronomy-engine): positions, the chart's angles, the
// sky at an instant, and the events of a stretch of time. Knows nothing of pages, periods or the service.
export {
  PLANET_NAMES,
  type PlanetName,
  type TimeInput,
  angleDifference,
  eclipticLongitude,
  longitudeSpeed,
  normalizeDegrees,
  signOf,
} from './positions.ts';
export { type ChartAngles, chartAngles } from './angles.ts';
export {
  MOON_PHASE_NAMES,
  type MoonAt,
  type MoonPhaseName,
  type PlanetAt,
  type SkyAt,
  moonAt,
  moonLitFraction,
  moonPhaseAngle,
  moonPhaseName,
  skyAt,
} from './instant.ts';
export {
  type EclipseKind,
  type MoonPhase,
  type SkyEvent,
  type StationEvent,
  eventsOfYear,
  skyEvents,
} from './events.ts';
export { type RetrogradePeriod, retrogradePeriods } from './retrogrades.ts';
