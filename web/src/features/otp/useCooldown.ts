import { useCallback, useEffect, useRef, useState } from 'react';

interface Cooldown {
  until: number;
  now: number;
}

/**
 * A cool-down read from the wall clock (Date.now()) on every tick, so a throttled background tab or a
 * machine that slept shows the right time when it wakes. Ticks on whole seconds of what is left, and
 * calls onEnd once when it runs out. `until` (epoch ms) starts with one already under way.
 */
export function useCooldown(
  onEnd?: () => void,
  until?: number | null,
): {
  secondsLeft: number;
  start: (seconds: number) => void;
  stop: () => void;
} {
  const [cooldown, setCooldown] = useState<Cooldown | null>(() => (until ? { until, now: Date.now() } : null));
  const onEndRef = useRef(onEnd);
  useEffect(() => {
    onEndRef.current = onEnd;
  });

  const start = useCallback((seconds: number) => {
    const now = Date.now();
    setCooldown({ until: now + seconds * 1_000, now });
  }, []);
  const stop = useCallback(() => setCooldown(null), []);

  useEffect(() => {
    if (!cooldown || cooldown.now >= cooldown.until) return;
    const toNextSecond = (cooldown.until - cooldown.now) % 1_000 || 1_000;
    const id = setTimeout(() => {
      const now = Date.now();
      setCooldown({ until: cooldown.until, now });
      if (now >= cooldown.until) onEndRef.current?.();
    }, toNextSecond);
    return () => clearTimeout(id);
  }, [cooldown]);

  const secondsLeft = cooldown ? Math.max(0, Math.ceil((cooldown.until - cooldown.now) / 1_000)) : 0;
  return { secondsLeft, start, stop };
}
