/** Durations and times as a person reads them in a log line or a job summary. */

/** `0.4 s`, `12.3 s`, `2 min 31 s`, `1 h 02 min`. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${Math.floor(s % 60)} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** An ISO 8601 time from the service as `2026-11-23 12:08:31 UTC`; anything unparsable as it came. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const time = new Date(iso);
  if (Number.isNaN(time.getTime())) return iso;
  return `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}
