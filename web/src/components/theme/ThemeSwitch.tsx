import { useId, useState } from 'react';
import { THEME, THEME_LABELS, type ThemeChoice } from '#contract/index.ts';
import { chooseTheme, isThemeChoice, readThemeChoice } from './theme.ts';

/** A labelled select: the choice applies at once and is kept for the next visit. */
export function ThemeSwitch() {
  const id = useId();
  const [choice, setChoice] = useState<ThemeChoice>(readThemeChoice);
  return (
    <div className="theme-switch">
      <label htmlFor={id}>Theme</label>
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          const next = event.target.value;
          if (!isThemeChoice(next)) return;
          chooseTheme(next);
          setChoice(next);
        }}
      >
        {THEME.OPTIONS.map((option) => (
          <option key={option} value={option}>
            {THEME_LABELS[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
