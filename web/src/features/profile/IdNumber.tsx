import { useId, useState } from 'react';
import { maskIdNum, visibleTail } from './mask.ts';

/**
 * An identification number shown masked but for its last four characters, with a toggle button to
 * reveal it. The button's name stays the same; aria-pressed says whether the number is shown.
 */
export function IdNumber({ value }: { value: string }) {
  const [revealed, setRevealed] = useState(false);
  const valueId = useId();
  const tail = visibleTail(value);
  return (
    <span className="id-number">
      <span id={valueId} className="id-number-value" aria-live="polite">
        {revealed ? (
          value
        ) : (
          <>
            <span aria-hidden="true">{maskIdNum(value)}</span>
            <span className="visually-hidden">{tail ? `Hidden, ending in ${tail}` : 'Hidden'}</span>
          </>
        )}
      </span>{' '}
      <button
        type="button"
        className="button-link"
        aria-pressed={revealed}
        aria-controls={valueId}
        onClick={() => setRevealed((r) => !r)}
      >
        Show ID number
      </button>
    </span>
  );
}
