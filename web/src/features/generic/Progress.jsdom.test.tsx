import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NEXT_STEP_MESSAGES, TIMELINE_LABELS } from '#contract/cases.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import type { CaseProgress } from '#contract/schemas/eservices.ts';
import { Progress } from './Progress.tsx';

const waiting: CaseProgress = {
  timeline: [
    { status: 'submitted', at: '2026-11-20T02:00:00Z', message: null },
    { status: 'in_review', at: '2026-11-21T02:00:00Z', message: null },
    { status: 'more_info_requested', at: '2026-11-22T02:00:00Z', message: 'Please attach the bank statement.' },
  ],
  request: {
    message: 'Please attach the bank statement.',
    requestedAt: '2026-11-22T02:00:00Z',
    fields: ['statement'],
    fieldLabels: ['Bank statement'],
  },
  nextStep: NEXT_STEP_MESSAGES.more_info_requested,
  decisionReason: null,
};

const rejected: CaseProgress = {
  timeline: [{ status: 'rejected', at: '2026-11-23T02:00:00Z', message: 'Not a member.' }],
  request: null,
  nextStep: NEXT_STEP_MESSAGES.rejected,
  decisionReason: 'Not a member.',
};

describe("the applicant's timeline", () => {
  it("keeps an earlier step's message: only the current one's is said below instead", () => {
    render(
      <Progress
        progress={{
          ...waiting,
          timeline: [
            { status: 'submitted', at: '2026-11-20T02:00:00Z', message: null },
            { status: 'more_info_requested', at: '2026-11-21T02:00:00Z', message: 'Which account?' },
            { status: 'submitted', at: '2026-11-22T02:00:00Z', message: null },
            { status: 'rejected', at: '2026-11-23T02:00:00Z', message: 'Not a member.' },
          ],
          request: null,
          nextStep: NEXT_STEP_MESSAGES.rejected,
          decisionReason: 'Not a member.',
        }}
        id="p"
      />,
    );
    const steps = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(steps[1]).toHaveTextContent('Which account?');
    expect(steps[3]).not.toHaveTextContent('Not a member.');
    expect(screen.getAllByText('Not a member.')).toHaveLength(1);
  });

  it('gives a rejection’s reason below the next step, which tells the applicant to read the reason below', () => {
    render(<Progress progress={rejected} id="p" />);
    const next = screen.getByTestId('next-step');
    expect(next).toHaveTextContent(NEXT_STEP_MESSAGES.rejected);
    const reason = screen.getByText('Not a member.');
    expect(next.compareDocumentPosition(reason) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists each step with its date and message, marks the current one, and says what to do next', () => {
    render(
      <Progress progress={waiting} id="p" action={{ href: '#/generic?step=respond', label: PROGRESS_TEXT.answer }} />,
    );
    const region = screen.getByRole('region', { name: PROGRESS_TEXT.heading });
    const steps = within(region).getAllByRole('listitem').slice(0, 3);
    expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual([
      TIMELINE_LABELS.submitted,
      TIMELINE_LABELS.in_review,
      TIMELINE_LABELS.more_info_requested,
    ]);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');
    // The open request's words once, in its notice, not again in its step.
    expect(within(region).getAllByText('Please attach the bank statement.')).toHaveLength(1);
    expect(steps[2]).not.toHaveTextContent('Please attach the bank statement.');
    expect(within(region).getByText('Bank statement')).toBeInTheDocument();
    expect(screen.getByTestId('next-step')).toHaveTextContent(NEXT_STEP_MESSAGES.more_info_requested);
    expect(screen.getByRole('link', { name: PROGRESS_TEXT.answer })).toHaveAttribute('href', '#/generic?step=respond');
  });

  it("shows a rejection's reason, and no request or link once decided", () => {
    render(<Progress progress={rejected} id="p" />);
    expect(screen.getByRole('heading', { name: PROGRESS_TEXT.reasonHeading })).toBeInTheDocument();
    expect(screen.getAllByText('Not a member.')).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: PROGRESS_TEXT.requestHeading })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
