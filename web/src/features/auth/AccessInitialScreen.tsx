import type { ScreenProps } from '../../lib/router/router.ts';

/** `#/access-initial`: its guards store the handed-over token and move on; this shows only if they stop here. */
export default function AccessInitialScreen(_props: ScreenProps) {
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Signing you in
      </h1>
      <p role="status">Please wait while we sign you in.</p>
    </section>
  );
}
