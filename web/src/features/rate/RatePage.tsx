import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { RATING } from '#contract/site-pages.ts';
import { ratingRequestSchema } from '#contract/schemas/index.ts';
import { ErrorSummary } from '../../components/form/ErrorSummary.tsx';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { sendRating } from './api.ts';

type Outcome = { kind: 'sent'; message: string } | { kind: 'error'; message: string } | null;

const SCALE = Array.from({ length: RATING.MAX - RATING.MIN + 1 }, (_, i) => RATING.MIN + i);

/**
 * Rate This E-Service (decisions.md §3): a 1–5 rating in a fieldset of radio buttons and an optional
 * comment. Problems are listed above the form and beside their field, focus goes to the list; what the
 * user entered stays. Success replaces the form with a thank-you, focused.
 */
export default function RatePage(_props: ScreenProps) {
  const id = useId();
  const signal = useAbortSignal();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [sending, setSending] = useState(false);
  /** Each send that ends in problems: the error summary takes the focus. */
  const [attempt, setAttempt] = useState(0);
  const thanks = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const parsed = ratingRequestSchema.safeParse({ rating: rating ?? undefined, comment });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'comment' ? 'comment' : 'rating';
        next[field] ??= issue.message;
      }
      setErrors(next);
      setOutcome(null);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setSending(true);
    const answer = await sendRating(parsed.data, signal);
    if (signal.aborted) return;
    setSending(false);
    setOutcome(answer.ok ? { kind: 'sent', message: answer.message } : { kind: 'error', message: answer.message });
    if (!answer.ok) setAttempt((n) => n + 1);
  };

  // A rating sent: focus goes to the thank-you (the error summary focuses itself after a failed attempt).
  useEffect(() => {
    if (outcome?.kind === 'sent') thanks.current?.focus();
  }, [outcome]);

  const problems: Record<string, string> = {};
  if (errors.rating) problems.rating = errors.rating;
  if (errors.comment) problems.comment = errors.comment;
  if (outcome?.kind === 'error') problems.form = outcome.message;
  const problemFieldId = (path: string) =>
    path === 'rating' ? `${id}-rating-${SCALE[0]}` : path === 'comment' ? `${id}-comment` : null;

  return (
    <section className="rate-page" aria-labelledby="page-heading">
      <h1 id="page-heading" tabIndex={-1}>
        Rate This E-Service
      </h1>
      {outcome?.kind === 'sent' ? (
        <div className="success-message" role="status" tabIndex={-1} ref={thanks}>
          <p>{outcome.message}</p>
        </div>
      ) : (
        <>
          <p>Tell us how well PTIB e-Services worked for you. Your rating is anonymous.</p>
          <ErrorSummary errors={problems} attempt={attempt} idFor={problemFieldId} />
          <form className="rate-form" noValidate onSubmit={(e) => void onSubmit(e)}>
            <fieldset aria-describedby={errors.rating ? `${id}-rating-error` : undefined}>
              <legend>How would you rate this e-service?</legend>
              {errors.rating && (
                <p className="field-error" id={`${id}-rating-error`}>
                  {errors.rating}
                </p>
              )}
              <div className="rating-scale">
                {SCALE.map((value) => (
                  <label key={value}>
                    <input
                      id={`${id}-rating-${value}`}
                      type="radio"
                      name="rating"
                      value={value}
                      checked={rating === value}
                      onChange={() => setRating(value)}
                    />
                    {value} – {RATING.LABELS[value]}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="field">
              <label htmlFor={`${id}-comment`}>Comments (optional)</label>
              <p className="form-note" id={`${id}-comment-hint`}>
                Up to {RATING.COMMENT_MAX_LENGTH} characters. Please do not include personal details. {comment.length}{' '}
                of {RATING.COMMENT_MAX_LENGTH} used.
              </p>
              {errors.comment && (
                <p className="field-error" id={`${id}-comment-error`}>
                  {errors.comment}
                </p>
              )}
              <textarea
                id={`${id}-comment`}
                name="comment"
                value={comment}
                maxLength={RATING.COMMENT_MAX_LENGTH}
                aria-describedby={`${id}-comment-hint${errors.comment ? ` ${id}-comment-error` : ''}`}
                aria-invalid={Boolean(errors.comment) || undefined}
                onChange={(e) => setComment(e.target.value)}
              />
            </div>
            <button type="submit" aria-disabled={sending || undefined}>
              {sending ? 'Sending…' : 'Send rating'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
