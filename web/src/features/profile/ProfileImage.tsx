import { useState } from 'react';

/** Display size in CSS pixels: set on the element so the page does not shift when the image arrives. */
export const AVATAR_SIZE = 96;

/** Up to two initials from a name: 'Tan Ah Kow' → 'TK', 'Koh Legal Services' → 'KS', 'Chua & Partners' → 'CP'. */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  if (words.length === 0) return '?';
  const first = [...words[0]!][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]!][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** The profile photo, or an initials avatar when there is none or it fails to load. */
export function ProfileImage({ name, imageUrl }: { name: string; imageUrl: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (imageUrl && failed !== imageUrl) {
    return (
      <img
        className="avatar"
        src={imageUrl}
        alt={name}
        width={AVATAR_SIZE}
        height={AVATAR_SIZE}
        decoding="async"
        onError={() => setFailed(imageUrl)}
      />
    );
  }
  return (
    <span
      className="avatar avatar-initials"
      role="img"
      aria-label={`No photo: initials of ${name}`}
      style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
    >
      <span aria-hidden="true">{initialsOf(name)}</span>
    </span>
  );
}
