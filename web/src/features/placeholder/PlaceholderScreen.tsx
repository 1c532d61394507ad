import type { ScreenProps } from '../../lib/router/router.ts';

/** Stands in for a screen whose feature has not landed yet; says so plainly. */
export default function PlaceholderScreen({ location }: ScreenProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Coming soon
      </h1>
      <p>The page {location.path} is not available yet.</p>
    </section>
  );
}
