import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { MESSAGES, ROUTES, SITE_NAME } from '#contract/index.ts';
import { PROGRESS_TEXT } from '#contract/officerScreens.ts';
import { CASE_MESSAGES, RECORD_ID_PATTERN, isEditable } from '#contract/cases.ts';
import { DOCUMENT_MESSAGES, scanNote } from '#contract/documents.ts';
import {
  FORM_TEXT,
  allFields,
  attachmentAnswers,
  answersToKeep,
  formatFileSize,
  hasErrors,
  heldAgainst,
  initialValues,
  profileAnswersOf,
  mergeValues,
  summarise,
  todayInSingapore,
  updateAnswerAt,
  validate,
  visibility,
  withDependents,
  type FieldErrors,
  type FieldValue,
  type FormDefinition,
  type FormValues,
  type ValidationMode,
} from '#contract/forms/index.ts';
import type { DecisionDocumentInfo, DocumentInfo } from '#contract/schemas/documents.ts';
import type { CaseDetail, CaseStatusResponse, EserviceDetail, RecordList } from '#contract/schemas/eservices.ts';
import { emit } from '../../lib/events/bus.ts';
import { contactPhone } from '../../lib/http/index.ts';
import { useAbortSignal } from '../../lib/http/useAbortSignal.ts';
import { FAILED } from '../../lib/http/useLoad.ts';
import { useFocusWhenLost } from '../../lib/useFocusWhenLost.ts';
import { LoadStatus } from '../../components/load/LoadStatus.tsx';
import { focusMainHeading } from '../../lib/router/focusHeading.ts';
import { buildHref, currentLocation } from '../../lib/router/location.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { identity, session } from '../../lib/session/index.ts';
import { serverNow } from '../../lib/session/clock.ts';
import { setReturnTo } from '../../lib/session/storage.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { documentsApi, genericApi, isMadeElsewhere, type Failure } from './api.ts';
import type { Attachments, UploadTrouble } from './attachments.tsx';
import { readCaseIdentity, writeCaseIdentity } from './caseIdentity.ts';
import { CheckStep } from './CheckStep.tsx';
import { Confirmation } from './Confirmation.tsx';
import { dismissErrorToasts } from '../../components/toasts/dismissErrorToasts.ts';
import { belongsTo } from './fieldPaths.ts';
import {
  errorsLinkedTo,
  fieldAt,
  focusField,
  forgetFlow,
  isDeclarationPage,
  keepFlow,
  navigate,
  newCreateKey,
  now,
  resumeFlow,
  saveBlob,
  targetId,
  withUploadedFiles,
  withoutRemovedFiles,
  withoutFiles,
} from './flow.ts';
import { RecordDialogs, type Confirming } from './RecordDialogs.tsx';
import { RecordView } from './RecordView.tsx';
import { QuestionPage } from './QuestionPage.tsx';
import { RespondStep } from './RespondStep.tsx';
import { currencyQuestionOf, sharedCurrencies, SharedCurrencyContext } from './sharedCurrency.ts';
import { YourRecords } from './YourRecords.tsx';
import {
  clearUnsaved,
  entryOf,
  listKeptElsewhere,
  readNewUnsaved,
  readUnsaved,
  writeUnsaved,
  type KeptElsewhere,
  type Owner,
  type UnsavedInput,
} from './unsavedInput.ts';
import {
  forgetUnanswered,
  forgetUnansweredCreate,
  noteUnanswered,
  noteUnansweredCreate,
  sameAnswers,
  wasOwnLostCreate,
  wasOwnLostSave,
} from './lostSaves.ts';
import { hasLostUpload, noteChooseAgain, noteLostUpload, takeChooseAgain, takeLostUpload } from './lostUploads.ts';
import { RecordNotFound } from './RecordNotFound.tsx';
import { isMasterUser } from '../../app/masterParts.ts';
import './generic.css';

type Loading =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  // No answer, or none usable: the page asks again (docs/decisions/0108).
  | { state: 'unloaded'; message: string; title: string | null }
  | { state: 'ready'; eservice: EserviceDetail };
/** openRecord's answer for the acting profile's own record that was deleted. */
const DELETED = 'deleted';
/** openRecord's answer when the record got no answer (or none usable): it may well exist (docs/decisions/0108). */
const UNLOADED = 'unloaded';

type Step = 'page' | 'check' | 'confirmation' | 'view' | 'respond';

/** An officer's open request for more information on the record: only the questions it names may change. */
const requestOf = (record: CaseDetail | null) =>
  record?.status === 'more_info_requested' ? (record.progress?.request ?? null) : null;

/**
 * The step the screen shows of `record` at an address whose step is `stepParam`; `sentHere`: the record was
 * submitted on this screen, which goes on to its confirmation.
 */
function stepOf(record: CaseDetail | null, stepParam: string | null, sentHere: boolean): Step {
  if (record && !isEditable(record.status)) {
    if (stepParam === 'confirmation' || sentHere) return 'confirmation';
    return requestOf(record) && stepParam === 'respond' ? 'respond' : 'view';
  }
  return stepParam === 'check' ? 'check' : 'page';
}

/**
 * Singapore's day on the server's clock, the day the server checks a form's dates against: a device clock a day
 * off would refuse today or pass yesterday. The session corrects for the skew so too (decisions.md §5).
 */
const serverToday = () => todayInSingapore(new Date(serverNow()));

/** The errors of the paths `keep` accepts. */
const only = (errors: FieldErrors, keep: (path: string) => boolean): FieldErrors =>
  Object.fromEntries(Object.entries(errors).filter(([p]) => keep(p)));

/**
 * The generic e-service (#/generic?app=CODE): the catalogue's form as GOV.UK question pages
 * (`&page=ID`), then check answers (`&step=check`), then the confirmation (`&step=confirmation`), with
 * `&case=ID` once there is a record (docs/decisions/0036-multi-page-forms.md). The same validator as the
 * server checks each page; nothing typed is lost (kept in this browser until saved or discarded).
 */
export default function GenericScreen({ location }: ScreenProps) {
  const appCode = location.query.get('app') ?? '';
  const caseParam = location.query.get('case');
  const pageParam = location.query.get('page');
  const stepParam = location.query.get('step');
  const backToCheck = location.query.get('return') === 'check';
  // A new record's kept input named by the list of kept input (entryOf): the new form, offering it.
  const keptParam = location.query.get('kept');
  const signal = useAbortSignal();
  const user = useIdentity(identity);
  const owner: Owner | null = user ? { loginName: user.loginName, profileId: user.ptibProfileID } : null;
  const ownerKey = owner ? `${owner.loginName}/${owner.profileId}` : '';
  // A new record's answers; the questions about the profile start at what the profile acted for says now.
  const newValues = (form: FormDefinition) => initialValues(form, user ? profileAnswersOf(user) : undefined);

  // The journey so far, when this address continues it (another page of the same record), and not another new
  // record's kept input that the address names.
  const [resumed] = useState(() => {
    const flow = resumeFlow(
      ownerKey,
      appCode,
      caseParam ?? (pageParam || stepParam || keptParam ? null : (readCaseIdentity(appCode, ownerKey)?.caseId ?? null)),
    );
    return keptParam && flow && flow.createKey !== keptParam ? null : flow;
  });
  // The profile whose form, record and answers this screen holds. A proxy switch (here or in another tab)
  // gives the screen the next profile's identity before the router mounts that profile's screen: what is
  // held here must neither be kept as that profile's journey nor loaded again for it.
  const heldFor = useRef(resumed ? ownerKey : '');
  const [loading, setLoading] = useState<Loading>(
    resumed ? { state: 'ready', eservice: resumed.eservice } : { state: 'loading' },
  );
  const [values, setValues] = useState<FormValues>(resumed?.values ?? {});
  const [record, setRecord] = useState<CaseDetail | null>(resumed?.record ?? null);
  // The record as of now, for what runs on across renders: the files chosen at once go up one after the
  // other from the render they were chosen in, which knows nothing of the draft the first of them made.
  const recordNow = useRef(record);
  useEffect(() => {
    recordNow.current = record;
  }, [record]);
  // A record filled in under an earlier version of the form is shown and checked with that version.
  const [recordForm, setRecordForm] = useState<FormDefinition | null>(resumed?.recordForm ?? null);
  const [documents, setDocuments] = useState<DocumentInfo[]>(resumed?.documents ?? []);
  /** The files an officer sent with the decision on the record opened (docs/decisions/0090). */
  const [decisionDocuments, setDecisionDocuments] = useState<{ caseId: string; list: DecisionDocumentInfo[] } | null>(
    resumed?.decisionDocuments ?? null,
  );
  const [history, setHistory] = useState<CaseStatusResponse['history'] | null>(null);
  // Come by a link to a field from a screen that showed errors of this page's questions: they are shown here too,
  // by their fields, as the page's own. No attempt: the focus goes to the field the link names, not the summary.
  const [errors, setErrors] = useState<FieldErrors>(() =>
    resumed && location.anchor && stepOf(resumed.record, stepParam, false) === 'page'
      ? errorsLinkedTo(resumed, pageParam)
      : {},
  );
  const [attempt, setAttempt] = useState(0);
  // As corrected, an error so brought is checked again as the check that found it did.
  const [mode, setMode] = useState<ValidationMode>(resumed?.errorMode ?? 'draft');
  const [dirty, setDirty] = useState(resumed?.dirty ?? false);
  const [offer, setOffer] = useState<UnsavedInput | null>(resumed?.offer ?? null);
  // Read by what runs before the next render (a save's answer, a navigation just after Restore).
  const offerNow = useRef(offer);
  const standOffer = (input: UnsavedInput | null) => {
    offerNow.current = input;
    setOffer(input);
  };
  // Input for this e-service kept under the user's other profiles: said, as it is not offered here.
  const [keptElsewhere, setKeptElsewhere] = useState<KeptElsewhere[]>([]);
  // Asked for by each screen that shows it, never kept from the step before: it may have changed on the way.
  const [cases, setCases] = useState<RecordList | null>(null);
  const [seenBefore, setSeenBefore] = useState<string[]>(resumed?.seenPages ?? []);
  // Submitted from this screen: it shows the confirmation it is going to, not the submitted record's view.
  const [sentHere, setSentHere] = useState(false);
  // The key of the record this form is about to make: a first save sent again after its answer was lost
  // saves that record rather than making a second. A new one whenever the page lets go of its record.
  const [firstKey] = useState(() => resumed?.createKey ?? newCreateKey());
  const createKey = useRef(firstKey);
  const [notice, setNotice] = useState<string | null>(null);
  /** Files of the record another account uploaded that this one may not see yet (docs/decisions/0105). */
  const [unseenFiles, setUnseenFiles] = useState<ReadonlySet<string>>(resumed?.unseen ?? new Set());
  // A save refused as the record changed elsewhere: its input is kept to restore over the latest version, so
  // opening that record again keeps it rather than asking to discard it.
  const [conflicted, setConflicted] = useState(false);
  // Counts the refusals that showed the record as it now is (reshow): each moves the focus to the heading once
  // that render is in, not to the heading of the page it replaces.
  const [headingFocus, setHeadingFocus] = useState(0);
  useEffect(() => {
    if (headingFocus) return focusMainHeading(document.querySelector('main') ?? document.body);
  }, [headingFocus]);
  // The record the address names could not be opened: the page says so alone, with no new form under it.
  const [notFound, setNotFound] = useState(false);
  // The form or the record got no answer: asked again on Try again and when the browser is back online, as the
  // records list is. Try again goes with the page it was on: the focus then goes to the heading of the next.
  const [loadAttempt, setLoadAttempt] = useState(0);
  const loadAgain = useCallback(() => {
    setLoading({ state: 'loading' });
    setLoadAttempt((n) => n + 1);
  }, []);
  const unloaded = loading.state === 'unloaded';
  useEffect(() => {
    if (!unloaded) return;
    addEventListener('online', loadAgain);
    return () => removeEventListener('online', loadAgain);
  }, [unloaded, loadAgain]);
  useFocusWhenLost(loading.state === 'loading' ? 0 : loadAttempt, () => document.getElementById('page-heading'));
  // A first save puts the record's panel above the form: the control that saved (Save draft) is kept in view,
  // not pushed below the window (WCAG 2.4.11). Saves make no other move of the focus.
  const firstSaved = useRef(false);
  useLayoutEffect(() => {
    if (!firstSaved.current) return;
    firstSaved.current = false;
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body) active.scrollIntoView?.({ block: 'nearest' });
  }, [record]);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // Files on their way: Continue, Save draft or Submit pressed meanwhile waits for them, so that it
  // neither leaves the page (which would drop them) nor sends the answers without them.
  const uploadsRef = useRef(0);
  const [uploads, setUploads] = useState(0);
  const deferred = useRef<'continue' | 'draft' | 'submit' | 'resubmit' | null>(null);
  const afterUploads = (action: NonNullable<typeof deferred.current>) => {
    if (uploadsRef.current === 0) return false;
    deferred.current = action;
    return true;
  };

  const eservice = loading.state === 'ready' ? loading.eservice : null;
  const form = recordForm ?? eservice?.form ?? null;
  const editable = !record || isEditable(record.status);
  const request = requestOf(record);

  // Where in the journey this address is.
  const scope = form ? visibility(form, values) : null;
  const questionPages = form
    ? form.pages.filter((p) => !isDeclarationPage(p) && p.sections.some((s) => scope?.sections.has(s)))
    : [];
  const declarations = form
    ? form.pages
        .filter(isDeclarationPage)
        .flatMap((p) => p.sections.filter((s) => scope?.sections.has(s)).flatMap((s) => s.fields))
    : [];
  const step = stepOf(record, stepParam, sentHere);
  // The page this screen shows: the address's, unless that one does not apply (Back or Forward after an answer
  // hid it, a bookmark), when the first is shown and the address is made to say so (docs/decisions/0036).
  const [pageAt, setPageAt] = useState(pageParam);
  const pageIndex = Math.max(
    0,
    questionPages.findIndex((p) => p.id === pageAt),
  );
  const page = step === 'page' ? (questionPages[pageIndex] ?? null) : null;
  // The user's records are shown under a record's view and on the form's first page, and asked for only there:
  // not on the journey's other steps, where each Continue fetched the whole list again (docs/decisions/0036).
  const recordsShown = eservice !== null && (step === 'view' || (step === 'page' && pageIndex === 0));
  // This page is seen as it is shown; check answers shows every page's answers.
  const shownNow = step === 'check' ? questionPages.map((p) => p.id) : page ? [page.id] : [];
  const seenPages = [...seenBefore, ...shownNow.filter((id) => !seenBefore.includes(id))];

  const href = (query: Record<string, string | undefined>, anchor?: string) =>
    `${buildHref(ROUTES.generic, { app: appCode, case: record?.id, ...query })}${anchor ? `#${anchor}` : ''}`;

  // The session may end while this form holds unsaved input: come back here after the next sign-in.
  // For the same login only: another user signing in next in this tab lands on their own start.
  const dirtyRef = useRef(false);
  const loginRef = useRef<string | null>(null);
  useEffect(() => {
    dirtyRef.current = dirty;
    loginRef.current = owner?.loginName ?? null;
  }, [dirty, owner?.loginName]);
  useEffect(
    () =>
      session.subscribe(() => {
        if (session.getState().signedIn) return;
        if (dirtyRef.current) setReturnTo(window.location.hash, loginRef.current);
        // What was typed stays only in this browser's kept input (ADR 0010), not in memory after sign-out.
        forgetFlow();
      }),
    [],
  );

  // Where this screen is going with the record it has just fetched (Flow.handedTo).
  const handedTo = useRef<string | null>(null);
  // Gone to another address: what this screen shows until the router replaces it is not asked for.
  const leaving = useRef(false);
  // Kept for the next page of the journey (each page is a new screen).
  const snapshot = (
    over: Partial<{ values: FormValues; record: CaseDetail | null; dirty: boolean; seenPages: string[] }> = {},
  ) => {
    if (!eservice || !ownerKey || ownerKey !== heldFor.current) return;
    keepFlow({
      ownerKey,
      appCode,
      eservice,
      recordForm,
      record,
      values,
      dirty,
      documents,
      unseen: unseenFiles,
      decisionDocuments,
      seenPages,
      createKey: createKey.current,
      offer: offerNow.current,
      handedTo: handedTo.current,
      errors,
      errorMode: mode,
      ...over,
    });
  };
  useEffect(() => snapshot());

  /** To another page of the journey, keeping what is in memory. */
  function go(to: string, over?: Parameters<typeof snapshot>[0]) {
    snapshot(over);
    leaving.current = to !== window.location.hash;
    navigate(to);
  }

  // Pinned to the page shown, so that an answer there making the named page apply does not move the user to
  // it mid-edit, past this page's Continue.
  const strayPage = step === 'page' && page !== null && pageAt !== null && pageAt !== page.id;
  useEffect(() => {
    if (!strayPage || !page || leaving.current) return;
    setPageAt(page.id);
    // The address as it is now (a save may have named the record in it), without the anchor of a field not shown.
    const { query } = currentLocation();
    query.set('page', page.id);
    window.history.replaceState(window.history.state, '', buildHref(ROUTES.generic, query));
  }, [strayPage, page]);

  // The tab names the step and the e-service, as the heading and its caption do (WCAG 2.4.2: every e-service
  // page was "E-service"); GOV.UK: a page with errors says so in its title.
  const eserviceTitle = eservice?.title ?? null;
  const stepTitle =
    step === 'page'
      ? page?.heading
      : step === 'check'
        ? FORM_TEXT.checkHeading
        : step === 'respond'
          ? PROGRESS_TEXT.changeRequested
          : undefined;
  const screenTitle =
    eserviceTitle === null
      ? null
      : step === 'confirmation'
        ? FORM_TEXT.confirmationTitle(eserviceTitle)
        : stepTitle && stepTitle !== eserviceTitle
          ? `${stepTitle} – ${eserviceTitle}`
          : eserviceTitle;
  useEffect(() => {
    const plain = screenTitle
      ? `${screenTitle} | ${SITE_NAME}`
      : document.title.startsWith(FORM_TEXT.errorTitlePrefix)
        ? document.title.slice(FORM_TEXT.errorTitlePrefix.length)
        : document.title;
    document.title = hasErrors(errors) ? `${FORM_TEXT.errorTitlePrefix}${plain}` : plain;
  }, [errors, screenTitle]);

  // A Change link or an error link from another page lands on its field.
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current || !eservice || !location.anchor) return;
    landed.current = true;
    focusField(location.anchor);
  }, [eservice, location.anchor]);

  // The list could not be fetched: said in its place, asked again on Try again and when back online.
  const [listFailed, setListFailed] = useState(false);
  const refreshList = useCallback(async () => {
    const outcome = await genericApi.list(appCode, signal);
    if (outcome.ok) setCases(outcome.value);
    if (outcome.ok || (outcome.kind !== 'aborted' && outcome.kind !== 'session')) setListFailed(!outcome.ok);
  }, [appCode, signal]);
  useEffect(() => {
    if (!listFailed) return;
    const again = () => void refreshList();
    addEventListener('online', again);
    return () => removeEventListener('online', again);
  }, [listFailed, refreshList]);
  // As the list comes into view: not on a screen that has gone on (a record's answers just sent turn it into
  // the record's view), nor for another profile's, which the router is about to mount (heldFor).
  useEffect(() => {
    if (recordsShown && !leaving.current && heldFor.current === ownerKey) void refreshList();
  }, [recordsShown, ownerKey, refreshList]);
  /** A change made here to one of the user's records: the list, if this step shows it, is asked for again. */
  const listChanged = () => {
    if (recordsShown) void refreshList();
  };

  const loadHistory = useCallback(
    async (id: string) => {
      const outcome = await genericApi.status(id, signal);
      setHistory(outcome.ok ? outcome.value.history : null);
    },
    [signal],
  );

  /** Shows a record; a submitted one with its history, unless `withHistory` is false (a screen about to go). */
  const show = useCallback(
    (detail: CaseDetail, formValues: FormValues, withHistory = true) => {
      setRecord(detail);
      setValues(formValues);
      setErrors({});
      setDirty(false);
      setNotice(null);
      setConflicted(false);
      setHistory(null);
      writeCaseIdentity({ appCode: detail.appCode, caseId: detail.id, caseNumber: detail.caseNumber, owner: ownerKey });
      if (withHistory && !isEditable(detail.status)) void loadHistory(detail.id);
    },
    [loadHistory, ownerKey],
  );

  // A bill paid on this page changes what the record says to do next (server/cases/progress.ts): asked again.
  const billSettled = useCallback(async () => {
    const held = recordNow.current;
    if (!held) return;
    const now = await genericApi.open(held.id, signal);
    if (now.ok && !signal.aborted && recordNow.current?.id === held.id) setRecord(now.value);
  }, [signal]);

  /**
   * Opens a stored record (over its form version's defaults); null when it could not be opened, DELETED when
   * it was the acting profile's own and was deleted (the notice says so), UNLOADED when it got no answer (or
   * none usable). `withHistory`: as show's, or what decides it once the record is in (whether this address shows
   * its history).
   */
  const openRecord = useCallback(
    async (
      id: string,
      current: EserviceDetail,
      withHistory: boolean | ((detail: CaseDetail) => boolean) = true,
    ): Promise<CaseDetail | typeof DELETED | typeof UNLOADED | null> => {
      // An address whose record id is no id (hand-edited, cut short) names no record: said as for an unknown
      // one, not as the call's refusal of its parameter.
      if (!RECORD_ID_PATTERN.test(id)) {
        writeCaseIdentity(null);
        emit('toast', { severity: 'error', message: CASE_MESSAGES.notFound });
        setNotice(CASE_MESSAGES.notFound);
        return null;
      }
      const [outcome, files] = await Promise.all([genericApi.open(id, signal), documentsApi.list(id, signal)]);
      if (outcome.ok) {
        let def = current.form;
        if (outcome.value.formVersion !== current.formVersion) {
          const earlier = await genericApi.eservice(current.code, signal, { version: outcome.value.formVersion });
          if (!earlier.ok) return earlier.kind === 'unreachable' || earlier.kind === 'failed' ? UNLOADED : null;
          def = earlier.value.form;
          setRecordForm(def);
        } else setRecordForm(null);
        const stored = mergeValues(def, outcome.value.data);
        const documents = files.ok ? files.value.documents : [];
        // A draft's file uploaded but not saved in its answers is listed again, as a change to save; so is one
        // added for an open request, whose answer is saved only when it is sent. A declaration an officer asks
        // about again is made again: it starts unticked, as on a new form.
        const request = outcome.value.status === 'more_info_requested' ? outcome.value.progress?.request : null;
        const listed = !isEditable(outcome.value.status)
          ? request
            ? withUploadedFiles(
                def,
                withDeclarationsUnticked(def, stored, request.fields),
                addedForRequest(def, request, documents),
              )
            : stored
          : withUploadedFiles(
              def,
              files.ok ? withoutRemovedFiles(def, stored, documents, files.value.unseen) : stored,
              documents,
            );
        show(outcome.value, listed, typeof withHistory === 'boolean' ? withHistory : withHistory(outcome.value));
        setDocuments(documents);
        setUnseenFiles(new Set(files.ok ? files.value.unseen.map((f) => f.id) : []));
        setDecisionDocuments({ caseId: id, list: files.ok ? files.value.decisionDocuments : [] });
        // Changed only by what a save would send: the files of a question the answers hide are listed again so
        // that answering it again brings them back, but a save sends none of them (docs/decisions/0110).
        if (isEditable(outcome.value.status) && !sameAnswers(answersToKeep(def, listed), answersToKeep(def, stored)))
          setDirty(true);
        return outcome.value;
      }
      if (outcome.kind === 'aborted' || outcome.kind === 'session') return null;
      // Not a refusal: the record may well be there, and stays the one this tab is on (docs/decisions/0108).
      const unanswered = outcome.kind === 'unreachable' || outcome.kind === 'failed';
      if (!unanswered) writeCaseIdentity(null);
      const message = 'message' in outcome ? outcome.message : MESSAGES.somethingWrong;
      // A server out of reach has had its toast from the HTTP layer (docs/decisions/0032). A draft the user
      // deleted (Back after deleting it, an old link) is news rather than a failure.
      const severity = message === CASE_MESSAGES.deleted ? 'info' : 'error';
      if (outcome.kind !== 'unreachable') emit('toast', { severity, message });
      setNotice(message);
      if (unanswered) return UNLOADED;
      return message === CASE_MESSAGES.deleted ? DELETED : null;
    },
    [show, signal],
  );

  useEffect(() => {
    // The guard has loaded the identity; without it there is no owner to keep input for yet.
    if (!ownerKey) return;
    // Another profile's now: the router is about to mount its own screen.
    if (heldFor.current && heldFor.current !== ownerKey) return;
    heldFor.current = ownerKey;
    let stale = false;
    // The history is asked for where it is shown, the record's view: not by the page answering a request or the
    // confirmation, opened by their address (a reload, a bookmark) (docs/decisions/0036).
    const historyShown = (detail: CaseDetail) => stepOf(detail, stepParam, false) === 'view';
    void (async () => {
      if (resumed) {
        // A submitted record held from an earlier visit may have moved on since (an officer asked, decided):
        // it is asked for again, so the page never says where it stood then. Answers being changed for an
        // officer's request are kept unless the record changed meanwhile (they are kept in this browser too).
        // One the screen before has just fetched to come here (opened from the list, submitted) is as it is now:
        // only its history, which that screen did not ask for, is asked for where it is shown (docs/decisions/0036).
        const held = resumed.record;
        const fetched = resumed.handedTo === buildHref(location.path, location.query);
        if (held && !isEditable(held.status)) {
          const changed =
            !fetched &&
            (!resumed.dirty ||
              (await genericApi.open(held.id, signal).then((now) => now.ok && now.value.version !== held.version)));
          if (stale || signal.aborted) return;
          if (changed) await openRecord(held.id, resumed.eservice, historyShown);
          else if (step === 'view') void loadHistory(held.id);
        }
        return;
      }
      // No e-service named (#/generic alone): said as for an unknown one, not as the call's refusal of it.
      if (!appCode) return setLoading({ state: 'failed', message: CASE_MESSAGES.eserviceNotFound });
      const loaded = await genericApi.eservice(appCode, signal);
      if (stale || signal.aborted) return;
      if (!loaded.ok) {
        if (loaded.kind === 'aborted' || loaded.kind === 'session') return;
        if (loaded.kind === 'unreachable' || loaded.kind === 'failed')
          return setLoading({ state: 'unloaded', message: FORM_TEXT.eserviceFailed, title: null });
        setLoading({ state: 'failed', message: loaded.kind === 'refused' ? loaded.message : MESSAGES.somethingWrong });
        return;
      }
      // An e-service with a screen of its own (the register's searches, the watchlist): there, not as a form.
      if (!loaded.value.href.startsWith(`${ROUTES.generic}?`)) return window.location.replace(`#${loaded.value.href}`);
      const def = loaded.value.form;
      setValues(newValues(def));
      const [loginName = '', profileId = ''] = ownerKey.split('/');
      const open = caseParam ?? (keptParam ? null : readCaseIdentity(appCode, ownerKey)?.caseId);
      // A record's kept input is offered on its own page, a new record's on the new form (ADR 0010): another
      // tab's input for another record is neither offered here nor written over.
      standOffer(
        open
          ? readUnsaved({ loginName, profileId }, appCode, open)
          : readNewUnsaved({ loginName, profileId }, appCode, keptParam),
      );
      setKeptElsewhere(listKeptElsewhere({ loginName, profileId }, appCode));
      // A record to open is shown once it is in, not first as a new form's page: that page's heading would
      // take the focus a navigation gives (RouterView), and lose it to the page's start when the record's
      // own screen replaced it.
      if (!open) setLoading({ state: 'ready', eservice: loaded.value });
      if (open) {
        const opened = await openRecord(open, loaded.value, historyShown);
        // Never a new form in its place: a save there would make a second record.
        if (opened === UNLOADED)
          return setLoading({ state: 'unloaded', message: FORM_TEXT.recordFailed, title: loaded.value.title });
        // Named by the address (a link from the inbox, an email, a bookmark): not the e-service's new form. A draft
        // deleted is news, and the form to start again stays; a record this browser kept is not what was asked for.
        if (opened === null && caseParam) setNotFound(true);
        setLoading({ state: 'ready', eservice: loaded.value });
        // The address of a confirmation names a record that is still a draft: back to its form.
        if (opened && opened !== DELETED && isEditable(opened.status) && stepParam === 'confirmation')
          window.history.replaceState(
            window.history.state,
            '',
            buildHref(ROUTES.generic, { app: appCode, case: opened.id }),
          );
      }
    })();
    return () => {
      stale = true;
    };
    // Runs once per screen (every page of the journey is its own screen), and again on loadAgain.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownerKey, loadAttempt]);

  /**
   * Keeps the page's answers in this browser. `held`: the record the input belongs to; the page's own unless it
   * has just let go of it. While input from before is offered and not answered (a reload showed the page
   * empty), the one answer changed (`changed`) goes into that input instead: the page's empty answers must
   * not take the place of the ones kept.
   */
  function keep(
    next: FormValues,
    held: CaseDetail | null = recordNow.current,
    changed?: (kept: FormValues) => FormValues,
  ) {
    if (!owner || !eservice || ownerKey !== heldFor.current) return;
    const standing = offerNow.current;
    if (standing && changed) {
      const merged = { ...standing, values: changed(standing.values), savedAt: now() };
      standOffer(merged);
      writeUnsaved(owner, merged);
      return;
    }
    writeUnsaved(owner, {
      appCode,
      title: eservice.title,
      caseId: held?.id ?? null,
      caseNumber: held?.caseNumber ?? null,
      values: next,
      base: held?.data ?? null,
      savedAt: now(),
      page: page?.id ?? null,
      createKey: held ? null : createKey.current,
      profileName: user?.PTIBName ?? null,
    });
  }

  function change(name: string, value: FieldValue) {
    changeAnswers({ [name]: value });
  }

  /** Changes answers at once: one, or a group's rows with their total (docs/decisions/0094). */
  function changeAnswers(changes: FormValues) {
    const next = { ...values, ...changes };
    setValues(next);
    setDirty(true);
    keep(next, undefined, (kept) => ({ ...kept, ...changes }));
    if (!form || !hasErrors(errors)) return;
    // A question this answer hides takes its error with it: the summary would link to nothing.
    const shown = visibility(form, next).shown;
    const hidden = (p: string) => allFields(form).some((f) => !shown.has(f.name) && belongsTo(p, f.name));
    const kept = only(errors, (p) => !hidden(p));
    const changed = (p: string) => Object.keys(changes).some((name) => belongsTo(p, name));
    // An error that holds a question against this answer (a total income above 0 beside "No income") may go
    // with it: checked again too, but only where it was shown, so typing raises no error on another question.
    const tied = heldAgainst(form, Object.keys(changes));
    const again = (p: string) => changed(p) || (p in errors && tied.some((name) => belongsTo(p, name)));
    if (Object.keys(errors).some(again)) {
      // A field in error is checked again as it is corrected; the summary follows.
      const found = validate(form, answersToKeep(form, next), { mode, today: serverToday() });
      setErrors({ ...only(kept, (p) => !again(p)), ...only(found, again) });
    } else if (Object.keys(kept).length !== Object.keys(errors).length) setErrors(kept);
  }

  /** A failed call: field messages from the server, its reason, or the specification's message. */
  function failed(outcome: Failure, fallback: string) {
    if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
    if (outcome.kind === 'fields') {
      setErrors(outcome.fieldErrors);
      setAttempt((a) => a + 1);
      emit('toast', { severity: 'error', message: MESSAGES.validationSummary });
      return;
    }
    const message = outcome.kind === 'refused' ? outcome.message : fallback;
    // One failure, one toast: a server out of reach has had its own from the HTTP layer, which says
    // whether the user's connection is lost (docs/decisions/0032); the notice still says what failed.
    if (outcome.kind !== 'unreachable') emit('toast', { severity: 'error', message });
    setNotice(message);
  }

  /**
   * A save or submission that went through answers the errors of the tries before it (the validation summary,
   * a refused or failed try): their toasts go.
   */
  function succeeded(message: string) {
    dismissErrorToasts();
    emit('toast', { severity: 'success', message });
  }

  function saved(detail: CaseDetail, message: string, data: FormValues) {
    const standing = offerNow.current;
    if (standing && owner) {
      // The save sent the page's answers, not the input still offered: that stays offered, and input for no
      // record yet now belongs to the record this page has just made.
      const moved =
        standing.caseId === null && !record
          ? { ...standing, caseId: detail.id, caseNumber: detail.caseNumber, createKey: null }
          : standing;
      writeUnsaved(owner, moved, entryOf(standing));
      standOffer(moved);
    } else if (owner) clearUnsaved(owner, appCode, record?.id ?? createKey.current, { ownOnly: true });
    if (!record) firstSaved.current = true;
    show(detail, data);
    if (!record || record.id !== detail.id) {
      // The address now names the record, so a reload or a bookmark comes back to it.
      const query = new URLSearchParams(location.query);
      query.set('case', detail.id);
      query.delete('kept');
      window.history.replaceState(window.history.state, '', buildHref(ROUTES.generic, query));
    }
    if (message) succeeded(message);
    listChanged();
  }

  /** The validator's verdict on the answers; `keepPath` limits it to one page's fields. */
  function check(m: ValidationMode, keepPath: (path: string) => boolean = () => true): boolean {
    if (!form) return false;
    const found = only(validate(form, answersToKeep(form, values), { mode: m, today: serverToday() }), keepPath);
    setMode(m);
    setErrors(found);
    setAttempt((a) => a + 1);
    if (hasErrors(found)) emit('toast', { severity: 'error', message: MESSAGES.validationSummary });
    return !hasErrors(found);
  }

  /**
   * The page no longer stands on a record: the next save makes a new one, under a key of its own (a first
   * save sent again keeps its key; a new record never takes an old one's).
   */
  function dropRecord() {
    writeCaseIdentity(null);
    createKey.current = newCreateKey();
    setRecord(null);
    setRecordForm(null);
  }

  /**
   * The page's next first save makes a record of its own: the key it held is another record's. What this page
   * typed under that key is kept under the new one.
   */
  function takeNewKey() {
    const held = createKey.current;
    createKey.current = newCreateKey();
    if (owner) clearUnsaved(owner, appCode, held, { ownOnly: true });
    keep(values, null);
  }

  /**
   * The page holds no record any more, only the answers (those given, or as they are now), kept in this
   * browser as unsaved input; the next save makes a new record.
   */
  function forgetRecord(answers?: FormValues) {
    const held = recordNow.current;
    // What this page typed into it goes with the answers, kept as a new record's.
    if (held && owner) clearUnsaved(owner, appCode, held.id, { ownOnly: true });
    dropRecord();
    recordNow.current = null;
    setHistory(null);
    // The record's save put it in the address: a reload or a bookmark must not come back to it.
    const query = new URLSearchParams(location.query);
    query.delete('case');
    window.history.replaceState(window.history.state, '', buildHref(ROUTES.generic, query));
    setDirty(true);
    setValues((now) => {
      const next = answers ?? now;
      // Run at the next render, when a render still holding the record may have set recordNow back.
      keep(next, null);
      return next;
    });
    listChanged();
  }

  /**
   * Shows the record as it now is, after another person or tab changed it, with the input kept for it offered:
   * to restore over it while it is a draft, else to discard (docs/decisions/0010: nothing typed is lost).
   */
  async function reopen(id: string) {
    if (!eservice) return null;
    const opened = await openRecord(id, eservice);
    if (opened && opened !== DELETED && opened !== UNLOADED && owner)
      standOffer(readUnsaved(owner, appCode, opened.id));
    listChanged();
    return opened;
  }

  /**
   * The record as it now is, after an action refused because it changed elsewhere. The control pressed may
   * have gone with the page it was on (a submitted record has no Save draft), which drops the focus to the
   * document's start: reading starts again at the page's heading, with the notice under it.
   */
  async function reshow(id: string) {
    await reopen(id);
    setHeadingFocus((n) => n + 1);
  }

  async function save(
    draft: boolean,
    quiet = false,
    whenFailed?: (outcome: Failure) => void,
  ): Promise<CaseDetail | null> {
    if (!form) return null;
    // A hidden field's answer is never sent, and an amount goes in its normal form (the server does both
    // as well); the field keeps showing what was typed.
    const data = answersToKeep(form, values);
    let outcome = record
      ? await genericApi.save(record.id, data, record.version, draft, signal)
      : await genericApi.create(appCode, data, draft, createKey.current, signal);
    // No answer, or none this page waited for (Back pressed while it was on its way): it may have been written.
    const unanswered = !outcome.ok && (outcome.kind === 'unreachable' || outcome.kind === 'aborted');
    if (unanswered && record) noteUnanswered(record.id, record.version, data);
    if (unanswered && !record) noteUnansweredCreate(createKey.current, data);
    if (!record && isMadeElsewhere(outcome)) {
      // The key's record was saved since, or holds other answers (docs/decisions/0036): this page's own, made by
      // a first save whose answer was lost, when it holds just what that sent; the save goes to it by its id.
      const made = await genericApi.open(outcome.madeElsewhere.id, signal);
      if (made.ok && isEditable(made.value.status) && wasOwnLostCreate(createKey.current, made.value.data))
        outcome = await genericApi.save(made.value.id, data, made.value.version, draft, signal);
      // Another tab's: the key is that record's. These answers stay, kept for a record of their own that the
      // next save makes, as the refusal says. When that cannot be told (no answer), the next save asks again.
      else if (made.ok) takeNewKey();
    }
    if (record && !outcome.ok && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.versionConflict) {
      // Changed since it was opened: by this user's own earlier save whose answer was lost (docs/decisions/0032),
      // when the record holds just what that save sent, or what this one sends (the browser sent it again by
      // itself, and the first went in). The save goes again over that version instead of being refused: it
      // takes nothing away that another tab saved.
      const now = await genericApi.open(record.id, signal);
      if (now.ok && (sameAnswers(now.value.data, data) || wasOwnLostSave(record.id, record.version, now.value)))
        outcome = await genericApi.save(record.id, data, now.value.version, draft, signal);
    }
    if (outcome.ok) {
      forgetUnanswered(outcome.value.id);
      if (!record) forgetUnansweredCreate(createKey.current);
      saved(outcome.value, quiet ? '' : draft ? MESSAGES.draftSaved : MESSAGES.recordSaved, values);
      return outcome.value;
    }
    if (record && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.deleted) {
      // Deleted meanwhile (another tab, another device): every save would fail against it. The page lets go
      // of it and keeps the answers, so the next save makes a new draft; its files went with the old one.
      forgetRecord(withoutFiles(form, values));
      setDocuments([]);
      emit('toast', { severity: 'info', message: CASE_MESSAGES.deleted });
      setNotice(FORM_TEXT.deletedWhileOpen);
      return null;
    }
    if (record && eservice && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.notEditable) {
      // Submitted meanwhile (another tab): shown as it now is, read-only, as a submission refused so is shown,
      // and listed so. What was typed stays kept in this browser (docs/decisions/0010), offered to discard.
      await reshow(record.id);
    }
    if (record && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.versionConflict) setConflicted(true);
    failed(outcome, draft ? MESSAGES.draftSaveFailed : MESSAGES.saveFailed);
    whenFailed?.(outcome);
    return null;
  }

  async function run(action: () => Promise<unknown>) {
    // One action at a time. Controls stay enabled (a disabled button would drop the keyboard focus).
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } finally {
      busyRef.current = false;
      if (!signal.aborted) setBusy(false);
    }
  }

  const onSaveDraft = () => {
    if (!record && !dirty) return void emit('toast', { severity: 'info', message: FORM_TEXT.nothingToSave });
    return afterUploads('draft') || run(async () => void (check('draft') && (await save(true))));
  };

  const onContinue = () =>
    afterUploads('continue') ||
    run(async () => {
      if (!page) return;
      const names = page.sections.flatMap((s) => s.fields.map((f) => f.name));
      if (!check('submit', (p) => names.some((n) => belongsTo(p, n)))) return;
      const next = questionPages[pageIndex + 1];
      if (!backToCheck) return go(next ? href({ page: next.id }) : href({ step: 'check' }));
      // Back to check answers, through any page the changed answer brought in: its questions are asked, not
      // taken unseen at their defaults.
      const unseen = questionPages.slice(pageIndex + 1).find((p) => !seenPages.includes(p.id));
      go(unseen ? href({ page: unseen.id, return: 'check' }) : href({ step: 'check' }));
    });

  const onSubmit = () =>
    afterUploads('submit') ||
    run(async () => {
      if (!check('submit')) return;
      const current = !record || dirty ? await save(false, true) : record;
      if (!current) return;
      const outcome = await genericApi.submit(current.id, current.version, signal);
      let sent = outcome.ok ? outcome.value : null;
      // No answer (the connection dropped, perhaps after the server had submitted it), or a conflict (it
      // was submitted by an earlier try or in another tab): the record itself says whether it went.
      if (!outcome.ok && (outcome.kind === 'unreachable' || (outcome.kind === 'refused' && outcome.status === 409))) {
        const now = await genericApi.open(current.id, signal);
        if (now.ok && !isEditable(now.value.status)) sent = now.value;
      }
      if (!sent) return outcome.ok ? undefined : failed(outcome, MESSAGES.submitFailed);
      succeeded(CASE_MESSAGES.submitted);
      // The state and the kept journey agree: a render before the next screen keeps it again. The confirmation
      // shows the record as the server has just answered it, and no history: nothing to ask for again there.
      setSentHere(true);
      show(sent, values, false);
      handedTo.current = buildHref(ROUTES.generic, { app: appCode, case: sent.id, step: 'confirmation' });
      go(handedTo.current, { record: sent, dirty: false });
    });

  /** Sends the record back with the requested answers changed (and the documents added meanwhile). */
  const onResubmit = () =>
    afterUploads('resubmit') ||
    run(async () => {
      if (!record || !request || !form) return;
      const asked = withDependents(form, request.fields);
      if (!check('submit', (p) => asked.some((n) => belongsTo(p, n)))) return;
      const data = answersToKeep(form, values);
      const outcome = await genericApi.resubmit(record.id, data, record.version, signal);
      let sent = outcome.ok ? outcome.value : null;
      let movedOn: string | null = null;
      // No answer (the connection dropped, perhaps after the server took the answers), or a conflict (an
      // earlier try whose answer was lost took them): the record itself says whether these answers went.
      if (!outcome.ok && (outcome.kind === 'unreachable' || (outcome.kind === 'refused' && outcome.status === 409))) {
        const now = await genericApi.open(record.id, signal);
        if (now.ok && now.value.status !== 'more_info_requested') {
          if (sameAnswers(now.value.data, data)) sent = now.value;
          // A request leaves only by its answer or by the record's withdrawal (docs/decisions/0091).
          else
            movedOn =
              now.value.status === 'withdrawn' ? CASE_MESSAGES.withdrawnMeanwhile : CASE_MESSAGES.requestAnswered;
        }
      }
      if (movedOn) {
        // Someone else's answers went first, or the record was withdrawn: the request shown here is no more. The
        // record is shown as it now is; what this user typed stays kept, offered to discard.
        window.history.replaceState(
          window.history.state,
          '',
          buildHref(ROUTES.generic, { app: appCode, case: record.id }),
        );
        await reshow(record.id);
        emit('toast', { severity: 'error', message: movedOn });
        setNotice(movedOn);
        return;
      }
      if (!sent) return outcome.ok ? undefined : failed(outcome, MESSAGES.submitFailed);
      if (owner) clearUnsaved(owner, appCode, record.id, { ownOnly: true });
      succeeded(outcome.ok && outcome.message ? outcome.message : CASE_MESSAGES.resubmitted);
      // The record's view it goes to asks for it again, with its history, as for any submitted record.
      show(sent, mergeValues(form, sent.data), false);
      go(buildHref(ROUTES.generic, { app: appCode, case: sent.id }), { record: sent, dirty: false });
    });

  // The action asked for during an upload, once the files are in (with this render's answers).
  useEffect(() => {
    const action = deferred.current;
    if (uploads > 0 || !action) return;
    deferred.current = null;
    void { continue: onContinue, draft: onSaveDraft, submit: onSubmit, resubmit: onResubmit }[action]();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uploads]);

  const onDownload = () =>
    run(async () => {
      if (!record) return;
      const outcome = await documentsApi.acknowledgement(record.id, signal);
      if (outcome.ok) saveBlob(outcome.value, `acknowledgement-${record.caseNumber.replace(/\s+/g, '-')}.pdf`);
      else failed(outcome, FORM_TEXT.downloadFailed);
    });

  const onDownloadDocument = (doc: Pick<DocumentInfo, 'id' | 'fileName'>) =>
    run(async () => {
      const outcome = await documentsApi.download(doc.id, signal);
      if (outcome.ok) saveBlob(outcome.value, doc.fileName);
      else failed(outcome, FORM_TEXT.documentDownloadFailed);
    });

  const onDelete = () =>
    run(async () => {
      setConfirming(null);
      if (!record || !eservice) return;
      const outcome = await genericApi.remove(record.id, record.version, signal);
      // Gone already (an earlier try whose answer was lost, another tab), or no answer (the connection
      // dropped, perhaps after the server had deleted it; the record itself says): deleted as asked.
      const gone = async () => {
        if (outcome.ok) return true;
        if (outcome.kind === 'refused' && outcome.status === 404) return true;
        if (outcome.kind !== 'unreachable') return false;
        const now = await genericApi.open(record.id, signal);
        return !now.ok && now.kind === 'refused' && now.status === 404;
      };
      if (!outcome.ok && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.deleteConflict) {
        // Changed by someone else meanwhile: what they changed is shown, for the user to decide again.
        await reshow(record.id);
        return failed(outcome, MESSAGES.deleteFailed);
      }
      if (!(await gone())) return outcome.ok ? undefined : failed(outcome, MESSAGES.deleteFailed);
      if (owner) clearUnsaved(owner, appCode, record.id, { ownOnly: true });
      dropRecord();
      emit('toast', { severity: 'success', message: MESSAGES.recordDeleted });
      go(buildHref(ROUTES.generic, { app: appCode, page: questionPages[0]?.id }), {
        record: null,
        values: newValues(eservice.form),
        dirty: false,
        seenPages: [],
      });
      setSeenBefore([]);
      setValues(newValues(eservice.form));
      setDirty(false);
      setErrors({});
      setDocuments([]);
    });

  /** Leaves the current input: asks first when it was changed and not saved. */
  function leave(then: () => void) {
    if (dirty) setConfirming({ kind: 'discard', then });
    else then();
  }

  /**
   * The input offered, which the user discards, and what this page typed, which they leave: not what another
   * tab typed into the same record since, which that tab keeps.
   */
  function discard() {
    if (owner) {
      if (offerNow.current) clearUnsaved(owner, appCode, entryOf(offerNow.current));
      clearUnsaved(owner, appCode, recordNow.current?.id ?? createKey.current, { ownOnly: true });
    }
    standOffer(null);
    setDirty(false);
  }

  /** For another record: changes the user agreed to leave are discarded; input offered and not answered stays kept. */
  const letGo = () => (dirty ? discard() : standOffer(null));

  const startNew = () =>
    leave(() => {
      if (!eservice) return;
      letGo();
      dropRecord();
      setDocuments([]);
      setValues(newValues(eservice.form));
      setErrors({});
      setNotice(null);
      setSeenBefore([]);
      go(buildHref(ROUTES.generic, { app: appCode, page: eservice.form.pages[0]?.id }), {
        record: null,
        values: newValues(eservice.form),
        dirty: false,
        seenPages: [],
      });
    });

  /** The latest version of the record a save was refused over, with the input that save kept offered on it. */
  const reopenLatest = () =>
    run(async () => {
      if (!record) return;
      // The button pressed goes with the notice: the offer is read next, under the heading.
      await reshow(record.id);
    });

  const open = (id: string) => {
    // The record a save was refused over: its input is kept, as the notice says, not asked to be discarded.
    if (conflicted && id === record?.id) return void reopenLatest();
    leave(() => {
      if (!eservice) return;
      letGo();
      // Another record: what was seen of this one says nothing of it.
      setSeenBefore([]);
      // The record goes as fetched here to the screen of its address, which asks only for its history
      // (docs/decisions/0036); the one this address names already is shown here again, with its history.
      const to = buildHref(ROUTES.generic, { app: appCode, case: id });
      const away = to !== window.location.hash;
      void run(async () => {
        const opened = await openRecord(id, eservice, !away);
        if (!opened || opened === DELETED || opened === UNLOADED) return;
        if (away) handedTo.current = to;
        leaving.current = away;
        navigate(to);
      });
    });
  };

  /** Puts kept input back over the record it belongs to; the values restored, or null when it could not. */
  async function restore(input: UnsavedInput): Promise<FormValues | null> {
    if (!eservice) return null;
    standOffer(null);
    // The input goes over the latest version of its record, so a save after restoring does not conflict.
    let def = form ?? eservice.form;
    let opened: CaseDetail | null = record;
    let deleted = false;
    if (input.caseId && input.caseId !== record?.id) {
      const found = await openRecord(input.caseId, eservice);
      if (!found || found === UNLOADED) return null;
      if (found === DELETED) {
        // Its record was deleted since (elsewhere, or after the session ended): the input goes on a new one.
        deleted = true;
        opened = null;
        def = eservice.form;
      } else if (found.formVersion === eservice.formVersion) {
        opened = found;
        def = eservice.form;
      } else {
        opened = found;
        const earlier = await genericApi.eservice(eservice.code, signal, { version: found.formVersion });
        if (!earlier.ok) return null;
        def = earlier.value.form;
      }
    }
    if (!input.caseId && record) {
      dropRecord();
      opened = null;
      def = eservice.form;
    }
    // Input of a record not saved yet: its first save goes with the key it had, in case that save was made
    // and only its answer lost before a reload.
    if (!input.caseId && input.createKey) createKey.current = input.createKey;
    const mine = mergeValues(def, input.values);
    // Over a later version of its record, only what the user changed goes back: what another person or tab
    // saved meanwhile in the other answers stays (the page shows the version just opened, or the one it holds).
    const over =
      opened && input.base && input.caseId === opened.id
        ? changedOver(
            def,
            mine,
            mergeValues(def, input.base),
            opened === record ? values : mergeValues(def, opened.data),
          )
        : null;
    const next = deleted ? withoutFiles(def, mine) : (over?.values ?? mine);
    // That save may have gone with these answers before the reload: a record its key made holding just them is
    // this page's own (docs/decisions/0036).
    if (!input.caseId && input.createKey) noteUnansweredCreate(input.createKey, answersToKeep(def, next));
    setValues(next);
    setDirty(true);
    // Kept again as this page's, over the record it now stands on (a deleted one's goes on a new record), so a
    // save or discard here forgets it.
    if (owner)
      writeUnsaved(
        owner,
        {
          ...input,
          values: next,
          base: opened?.data ?? null,
          caseId: opened?.id ?? null,
          caseNumber: opened?.caseNumber ?? null,
          createKey: opened ? null : createKey.current,
        },
        entryOf(input),
      );
    if (deleted) setNotice(FORM_TEXT.deletedWhileOpen);
    if (over && over.both.length > 0) {
      const message = CASE_MESSAGES.restoredOverOthers(over.both.join(', '));
      emit('toast', { severity: 'info', message });
      setNotice(message);
    }
    // Files chosen after the session had ended never went: said on their questions, to be chosen again.
    const lost: FieldErrors = {};
    for (const { path, fileName } of input.notUploaded ?? [])
      lost[path] = [lost[path], DOCUMENT_MESSAGES.notUploadedSession(fileName)].filter(Boolean).join('; ');
    // Back on the page the user was on.
    if (input.page && input.page !== page?.id && def.pages.some((p) => p.id === input.page)) {
      noteChooseAgain(lost);
      go(buildHref(ROUTES.generic, { app: appCode, case: opened?.id, page: input.page }), {
        values: next,
        dirty: true,
        record: opened,
      });
    } else showErrors(lost);
    return next;
  }

  function showErrors(more: FieldErrors) {
    if (Object.keys(more).length === 0) return;
    setErrors((now) => ({ ...now, ...more }));
    setAttempt((a) => a + 1);
  }
  // A restore on another page: its errors, taken as this page opens.
  useEffect(() => showErrors(takeChooseAgain()), []);

  /** A file chosen after the session had ended: noted with the kept input, to be named when it is restored. */
  function keepNotUploaded(path: string, fileName: string) {
    if (!owner) return;
    // Where keep puts this page's input: into the input offered while it stands, else the page's record's.
    const standing = offerNow.current && entryOf(offerNow.current);
    const at =
      standing && readUnsaved(owner, appCode, standing) ? standing : (recordNow.current?.id ?? createKey.current);
    if (!readUnsaved(owner, appCode, at)) keep(values);
    const kept = readUnsaved(owner, appCode, at);
    if (kept) writeUnsaved(owner, { ...kept, notUploaded: [...(kept.notUploaded ?? []), { path, fileName }] });
  }

  /**
   * Deletes the draft the first upload of a new form made for its file when that file did not go in: the
   * user saved nothing, so no empty record is left on their dashboard and lists. Only such a draft (Save
   * draft and the other actions wait for the upload, so nothing else was saved in it meanwhile). What they
   * typed stays on the page, and in this browser as unsaved input (the draft's save had cleared that). When
   * the draft cannot be deleted (no connection), it stays, as the record the page holds.
   */
  async function takeBackDraft(draft: CaseDetail) {
    const outcome = await genericApi.remove(draft.id, draft.version, signal);
    if (!outcome.ok && !(outcome.kind === 'refused' && outcome.status === 404)) return;
    forgetRecord();
  }

  const attachments: Attachments = {
    documents,
    unseen: unseenFiles,
    readOnly: !editable,
    async upload(fieldName, path, file, digest) {
      if (!form) return null;
      uploadsRef.current += 1;
      setUploads((n) => n + 1);
      try {
        let current = recordNow.current;
        let notSent: UploadTrouble | null = null;
        // An earlier error on the question was about the file chosen before; the note speaks of this one.
        const noAnswer = (): UploadTrouble => {
          setErrors((now) => only(now, (p) => p !== path));
          return { note: DOCUMENT_MESSAGES.notUploadedNoAnswer };
        };
        // A file belongs to a record: the first upload of a new form saves it as a draft (once, for all the
        // files chosen with it).
        const madeForFile = !current;
        if (!current)
          current = recordNow.current = await save(true, true, (outcome) => {
            // The file is not sent without its record: the question says so and why, or it would only
            // show "No files uploaded." while the summary speaks of the other answers.
            if (outcome.kind === 'session') keepNotUploaded(path, file.name);
            if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
            // No answer leaves nothing to correct: a note by the question, not the error summary taking the focus.
            if (outcome.kind === 'unreachable') {
              notSent = noAnswer();
              return;
            }
            const error =
              outcome.kind === 'fields'
                ? DOCUMENT_MESSAGES.notUploadedErrors
                : outcome.kind === 'refused'
                  ? DOCUMENT_MESSAGES.notUploadedDraftRefused(outcome.message)
                  : DOCUMENT_MESSAGES.notUploadedNoDraft;
            notSent = { error };
            attachments.showError(path, error);
          });
        if (!current) {
          deferred.current = null;
          return notSent;
        }
        const record = current;
        // An earlier upload of this file that got no answer may be in: taken as it is, not sent twice.
        const lostOne = async () => {
          if (!digest) return null;
          const listed = await documentsApi.list(record.id, signal);
          const held = (id: string) => documents.some((d) => d.id === id);
          const found = listed.ok && takeLostUpload(record.id, fieldName, digest, listed.value.documents, held);
          return found ? { ok: true as const, value: found, message: '' } : null;
        };
        let outcome =
          (hasLostUpload(record.id, fieldName) ? await lostOne() : null) ??
          (await documentsApi.upload(record.id, fieldName, file, signal));
        if (!outcome.ok && outcome.kind === 'unreachable') {
          if (digest) noteLostUpload(record.id, fieldName, digest);
          outcome = (await lostOne()) ?? outcome;
        }
        // The server answers bytes it holds on this question with their file: when the browser could not
        // digest them to see so first, a file this answer lists was chosen again, not added. One the record
        // holds but this answer does not list (another row's, or a sent file taken out of a reply) is added.
        const uploaded = outcome.ok ? outcome.value : null;
        if (uploaded && attachmentAnswers(form, values).some((a) => a.path === path && a.ids.includes(uploaded.id))) {
          const message = DOCUMENT_MESSAGES.alreadyUploaded(uploaded.fileName);
          attachments.showError(path, message);
          return { error: message };
        }
        if (outcome.ok) {
          const known = documents.some((d) => d.id === outcome.value.id);
          if (!known) setDocuments((list) => [...list, outcome.value]);
          setErrors((now) => only(now, (p) => p !== path));
          // The answer is the list of the field's file ids (a row's field is named by its path).
          updateAt(path, (old) => [...(Array.isArray(old) ? (old as string[]) : []), outcome.value.id]);
          // Said as a removal is: the question's status said only "Uploading…", and then nothing.
          emit('toast', { severity: 'success', message: DOCUMENT_MESSAGES.uploaded });
          return null;
        }
        // A file that did not go in: what was asked for meanwhile waits for the user to see why.
        deferred.current = null;
        if (outcome.kind === 'session') keepNotUploaded(path, file.name);
        if (outcome.kind === 'aborted' || outcome.kind === 'session') return null;
        if (!madeForFile && outcome.kind === 'refused' && outcome.message === CASE_MESSAGES.deleted) {
          // The draft was deleted elsewhere: nothing on this page to correct. As a save so refused is said.
          forgetRecord(withoutFiles(form, values));
          setDocuments([]);
          emit('toast', { severity: 'info', message: CASE_MESSAGES.deleted });
          setNotice(FORM_TEXT.deletedWhileOpen);
          return null;
        }
        if (outcome.kind === 'refused' && outcome.message === DOCUMENT_MESSAGES.notEditable) {
          // Submitted elsewhere (or its request answered): shown as it now is, read-only, as a save so refused is.
          await reshow(record.id);
          failed(outcome, DOCUMENT_MESSAGES.failed);
          return null;
        }
        if (madeForFile) await takeBackDraft(current);
        // The HTTP layer has said the connection failed (docs/decisions/0032); the question notes the file, with
        // nothing to correct (docs/decisions/0108).
        if (outcome.kind === 'unreachable') return noAnswer();
        const message =
          outcome.kind === 'refused' || outcome.kind === 'fields' ? outcome.message : DOCUMENT_MESSAGES.failed;
        // Said by the error summary and beside the question (a toast would say it a second time).
        attachments.showError(path, message);
        return { error: message };
      } finally {
        uploadsRef.current -= 1;
        setUploads((n) => n - 1);
      }
    },
    showError(path, message) {
      showErrors({ [path]: message });
    },
    async remove(path, documentId) {
      // Answering a request, a file the record was sent with stays the record's (the officers' copy of what
      // was sent): it is only taken out of the answer. One added for the answer, or a draft's, is deleted.
      const sent =
        !editable &&
        !!record &&
        !!form &&
        attachmentAnswers(form, record.data ?? {}).some((a) => a.ids.includes(documentId));
      const outcome = sent ? null : await documentsApi.remove(documentId, signal);
      // A file already gone is as good as removed.
      if (outcome && !outcome.ok && !(outcome.kind === 'refused' && outcome.status === 404))
        return failed(outcome, DOCUMENT_MESSAGES.failed);
      setDocuments((list) => list.filter((d) => d.id !== documentId));
      updateAt(path, (old) => (Array.isArray(old) ? (old as string[]).filter((id) => id !== documentId) : []));
      emit('toast', { severity: 'success', message: DOCUMENT_MESSAGES.deleted });
    },
  };

  /** Changes one answer by its path: a field (`proof`) or a row's field (`claims[0].proof`). */
  function updateAt(path: string, update: (old: FieldValue | undefined) => FieldValue) {
    const at = (answers: FormValues) => updateAnswerAt(answers, path, (old) => update(old as FieldValue | undefined));
    setValues((before) => {
      const next = at(before);
      keep(next, undefined, at);
      return next;
    });
    setDirty(true);
  }

  if (loading.state === 'loading') return <p>Loading the e-service…</p>;
  // A failure that said nothing (the session ended: the sign-in comes back here) leaves the page as it was.
  if (notFound && notice !== null)
    return <RecordNotFound message={notice} master={user ? isMasterUser(user) : false} />;
  if (loading.state === 'unloaded')
    return (
      <section aria-labelledby="page-heading">
        <h1 id="page-heading" tabIndex={-1}>
          {loading.title ?? 'E-service'}
        </h1>
        <LoadStatus state={FAILED} loading="" failed={loading.message} retry={loadAgain} />
      </section>
    );
  if (loading.state === 'failed' || !eservice || !form || !scope) {
    return (
      <section aria-labelledby="page-heading">
        <h1 id="page-heading" tabIndex={-1}>
          E-service
        </h1>
        <p className="notice notice-error">{loading.state === 'failed' ? loading.message : MESSAGES.somethingWrong}</p>
        <p>
          <a href={`#${ROUTES.esvc}`}>See all e-services</a>
        </p>
      </section>
    );
  }

  const sent = record && !isEditable(record.status) ? { phone: contactPhone() } : undefined;
  const fileNames = Object.fromEntries(
    documents.map((d) => {
      const note = scanNote(d.scanStatus, sent);
      return [d.id, `${d.fileName} (${formatFileSize(d.sizeBytes)})${note ? ` – ${note}` : ''}`];
    }),
  );
  for (const id of unseenFiles) fileNames[id] = `${FORM_TEXT.othersFile} (${FORM_TEXT.othersFileNote})`;
  // The declaration is ticked, not answered: its page, with nothing else on it, has no heading among the
  // answers (a heading with nothing under it, read alone, says nothing).
  const sections = summarise(form, answersToKeep(form, values), fileNames)
    .map((s) => ({ ...s, rows: s.rows.filter((r) => fieldAt(form, r.path)?.field.type !== 'declaration') }))
    .filter((s) => s.rows.length > 0);
  const shares = sharedCurrencies(form);
  // A row's or a total's currency is asked once, by its group: its errors are shown and linked there.
  const askedAt = (path: string) => currencyQuestionOf(shares, path, scope.shown);
  const idFor = (path: string) => targetId(form, askedAt(path));
  // An error link to a field on another page goes there (and comes back to check answers).
  const hrefFor = (path: string) => {
    const where = fieldAt(form, askedAt(path))?.page;
    if (!where || where.id === page?.id || isDeclarationPage(where)) return null;
    return href({ page: where.id, return: step === 'check' ? 'check' : undefined }, idFor(path));
  };

  // The user's records and the search for one, where they are shown (recordsShown).
  const records = recordsShown ? (
    <YourRecords
      cases={cases}
      failed={listFailed}
      onRetry={() => void refreshList()}
      openId={record?.id ?? null}
      onOpen={open}
      title={eservice.title}
      appCode={appCode}
      caseType={eservice.caseType}
      signal={signal}
    />
  ) : null;
  // What every step that asks questions is given.
  const asking = { values, errors, attempt, idFor, busy, onChange: change, attachments };
  const restoreOffer = (input: UnsavedInput) => void restore(input);
  const previous = questionPages[pageIndex - 1];
  const last = questionPages.at(-1);

  // Every step is one section, named by its heading, with the dialogs last.
  const body = (
    <section aria-labelledby="page-heading" className="generic">
      {step === 'confirmation' && record ? (
        <Confirmation
          title={eservice.title}
          record={record}
          appCode={appCode}
          notice={notice}
          onDownload={() => void onDownload()}
          onBillSettled={() => void billSettled()}
        />
      ) : step === 'view' && record ? (
        <RecordView
          title={eservice.title}
          appCode={appCode}
          record={record}
          request={request}
          respondHref={href({ step: 'respond' })}
          offer={offer}
          onRestore={(input) =>
            void restore(input).then((next) => next && go(href({ step: 'respond' }), { values: next, dirty: true }))
          }
          onDiscard={discard}
          history={history}
          notice={notice}
          onDownload={() => void onDownload()}
          onBillSettled={() => void billSettled()}
          sections={sections}
          documents={documents.filter((d) => d.scanStatus !== 'infected')}
          decisionDocuments={decisionDocuments?.caseId === record.id ? decisionDocuments.list : []}
          onDownloadDocument={(d) => void onDownloadDocument(d)}
          onStartNew={startNew}
          records={records}
        />
      ) : step === 'respond' && record && request ? (
        <RespondStep
          asking={asking}
          title={eservice.title}
          record={record}
          request={request}
          form={form}
          scope={scope}
          backHref={href({})}
          offer={offer}
          onRestore={restoreOffer}
          onDiscard={discard}
          notice={notice}
          onResubmit={() => void onResubmit()}
          sections={sections}
        />
      ) : step === 'check' ? (
        <CheckStep
          asking={asking}
          title={eservice.title}
          backHref={last ? href({ page: last.id }) : null}
          hrefFor={hrefFor}
          notice={notice}
          onReopen={() => void reopenLatest()}
          sections={sections}
          changeHref={(pageId, path) => href({ page: pageId, return: 'check' }, idFor(path))}
          declarations={declarations}
          offer={offer}
          onRestore={restoreOffer}
          onDiscard={discard}
          keptElsewhere={keptElsewhere}
          ownProfileId={user?.ownPtibProfileID ?? ''}
          onSubmit={() => void onSubmit()}
          onSaveDraft={() => void onSaveDraft()}
        />
      ) : (
        <QuestionPage
          asking={asking}
          eservice={eservice}
          page={page}
          pageIndex={pageIndex}
          pageCount={questionPages.length}
          // Come to change one answer, Back returns to check answers (as Continue does).
          backHref={backToCheck ? href({ step: 'check' }) : previous ? href({ page: previous.id }) : null}
          offer={offer}
          onRestore={restoreOffer}
          onDiscard={discard}
          keptElsewhere={keptElsewhere}
          ownProfileId={user?.ownPtibProfileID ?? ''}
          record={record}
          history={history}
          hrefFor={hrefFor}
          notice={notice}
          onReopen={() => void reopenLatest()}
          scope={scope}
          onContinue={() => void onContinue()}
          onSaveDraft={() => void onSaveDraft()}
          onAskDelete={() => setConfirming({ kind: 'delete' })}
          onStartNew={startNew}
          records={records}
        />
      )}
      <RecordDialogs
        confirming={confirming}
        record={record}
        onDelete={() => void onDelete()}
        onClose={() => setConfirming(null)}
      />
    </section>
  );
  return <SharedCurrencyContext value={{ shares, onChangeAnswers: changeAnswers }}>{body}</SharedCurrencyContext>;
}

/**
 * `theirs` (a record's latest answers) with the answers `mine` changed from `base` (the version they were typed
 * over) taken from `mine`; `both`: the labels of those that `theirs` changed from `base` too, to something else.
 */
function changedOver(
  def: FormDefinition,
  mine: FormValues,
  base: FormValues,
  theirs: FormValues,
): { values: FormValues; both: string[] } {
  const values = { ...theirs };
  const both: string[] = [];
  for (const field of allFields(def)) {
    const name = field.name;
    if (sameAnswers(mine[name], base[name])) continue;
    values[name] = mine[name] as FieldValue;
    if (!sameAnswers(theirs[name], base[name]) && !sameAnswers(theirs[name], mine[name])) both.push(field.label);
  }
  return { values, both };
}

/** The files uploaded since an officer's request to the questions it asks (as the server lets them be). */
function addedForRequest(
  def: FormDefinition,
  request: { fields: string[]; requestedAt: string },
  documents: DocumentInfo[],
): DocumentInfo[] {
  const asked = withDependents(def, request.fields);
  const since = Date.parse(request.requestedAt);
  return documents.filter((d) => asked.includes(d.fieldName) && Date.parse(d.uploadedAt) >= since);
}

/** The answers with the declarations among `names` not ticked. */
function withDeclarationsUnticked(def: FormDefinition, values: FormValues, names: readonly string[]): FormValues {
  const declarations = allFields(def).filter((f) => f.type === 'declaration' && names.includes(f.name));
  return declarations.length === 0
    ? values
    : { ...values, ...Object.fromEntries(declarations.map((f) => [f.name, false])) };
}
