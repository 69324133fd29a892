import { eventSentence } from './event-sentences';
import { localTime } from './local-time';
import { humanDuration, humanSize } from './numbers';

describe('texts for people', () => {
  it('says entering and leaving apart, in Spanish and English, with the geofence’s name', () => {
    expect(eventSentence({ type: 'geofence.enter', placeName: 'Bodega Central' }, 'es')).toBe('Entró a Bodega Central');
    expect(eventSentence({ type: 'geofence.exit', placeName: 'Bodega Central' }, 'es')).toBe('Salió de Bodega Central');
    expect(eventSentence({ type: 'geofence.exit', placeName: 'Bodega Central' }, 'en')).toBe('Left Bodega Central');
    expect(eventSentence({ type: 'geofence.enter', placeName: null }, 'es')).toBe('Entró a una geocerca');
  });

  it('writes the facts an event carries, and leaves out those it lacks', () => {
    const end = { type: 'speeding.end', details: { limitKmh: 80, maxSpeedKmh: 97.5, durationSeconds: 250 } };
    expect(eventSentence(end, 'es')).toBe('Volvió a respetar el límite de 80 km/h (máxima 97,5 km/h durante 4 min 10 s)');
    expect(eventSentence(end, 'en')).toBe('Back within the 80 km/h limit (top 97.5 km/h for 4 min 10 s)');
    expect(eventSentence({ type: 'speeding.start', details: {} }, 'es')).toBe('Superó el límite de velocidad');
    expect(eventSentence({ type: 'temperature.out_of_range', details: { sensor: 'temperature.1', valueC: 9.5, min: -25, max: 6 } }, 'es')).toBe(
      'Temperatura fuera de rango: 9,5 °C en temperature.1 (rango -25 a 6 °C)',
    );
    expect(eventSentence({ type: 'work_order.overdue', details: { title: 'Cambio de aceite' } }, 'en')).toBe('Work order overdue: Cambio de aceite');
    expect(eventSentence({ type: 'harsh.braking', details: { peak: 17.5, thresholdValue: 14 } }, 'es')).toBe('Frenada brusca (17,5 km/h por segundo)');
    expect(eventSentence({ type: 'harsh.cornering', details: { peak: 0.53, thresholdValue: 0.4 } }, 'en')).toBe('Harsh cornering (0.53 g)');
    expect(eventSentence({ type: 'harsh.acceleration', details: { peak: null, thresholdValue: null, source: 'device' } }, 'en')).toBe(
      'Harsh acceleration (reported by the device)',
    );
  });

  it('writes a time in the client’s zone with that day’s offset', () => {
    expect(localTime(new Date('2026-01-15T06:30:00Z'), 'America/Santiago', 'es')).toBe('15-01-2026 03:30:00 -03:00 (America/Santiago)');
    expect(localTime(new Date('2026-06-15T06:30:00Z'), 'America/Santiago', 'en')).toBe('15/06/2026 02:30:00 -04:00 (America/Santiago)');
  });

  it('writes sizes and durations as people read them', () => {
    expect(humanSize(40 * 1024, 'es')).toBe('40 KB');
    expect(humanSize(12.5 * 1024 * 1024, 'es')).toBe('12,5 MB');
    expect(humanSize(12.5 * 1024 * 1024, 'en')).toBe('12.5 MB');
    expect(humanSize(900, 'en')).toBe('900 B');
    expect(humanDuration(3900)).toBe('1 h 5 min');
    expect(humanDuration(45)).toBe('45 s');
  });
});
