import { useCallback, useEffect, useRef, useState } from 'react';
import { MESSAGES, ROUTES } from '../../../../contract/index.ts';
import { CASE_MESSAGES, CASE_STATUS_LABELS, isEditable } from '../../../../contract/cases.ts';
import {
  hasErrors,
  initialValues,
  mergeValues,
  stripHidden,
  todayInSingapore,
  validate,
  visibility,
  type FieldErrors,
  type FieldValue,
  type FormDefinition,
  type FormValues,
  type ValidationMode,
} from '../../../../contract/forms/index.ts';
import type {
  CaseDetail,
  CaseStatusResponse,
  CaseSummary,
  EserviceDetail,
} from '../../../../contract/schemas/eservices.ts';
import { emit } from '../../lib/events/bus.ts';
import { useAbortSignal } from '../../lib/http/index.ts';
import type { ScreenProps } from '../../lib/router/router.ts';
import { identity, session } from '../../lib/session/index.ts';
import { setReturnTo } from '../../lib/session/storage.ts';
import { useIdentity } from '../../lib/session/useIdentity.ts';
import { genericApi, type Failure } from './api.ts';
import { readCaseIdentity, writeCaseIdentity } from './caseIdentity.ts';
import { CaseSearch } from './CaseSearch.tsx';
import { ConfirmDialog } from './ConfirmDialog.tsx';
import { ErrorSummary } from './ErrorSummary.tsx';
import { FieldControl } from './FieldControl.tsx';
import { RecordList } from './RecordList.tsx';
import { RestoreOffer } from './RestoreOffer.tsx';
import { StatusPanel } from './StatusPanel.tsx';
import { clearUnsaved, readUnsaved, writeUnsaved, type Owner, type UnsavedInput } from './unsavedInput.ts';
import './generic.css';

type Loading =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; eservice: EserviceDetail };
type Confirming = { kind: 'delete' } | { kind: 'discard'; then: () => void } | null;

/** Paths of a field in an error map: the field itself, its parts and rows ('fee', 'fee.amount', 'rows[0].x'…). */
const belongsTo = (path: string, name: string) =>
  path === name || path.startsWith(`${name}.`) || path.startsWith(`${name}[`);

/**
 * The generic e-service (#/generic?app=CODE): the catalogue's form for one e-service, its records for
 * the acting profile, and the record's workflow. The same validator as the server checks the input;
 * nothing typed is lost (kept in this browser until saved or discarded).
 */
export default function GenericScreen({ location }: ScreenProps) {
  const appCode = location.query.get('app') ?? '';
  // A link may name the record to open (the dashboard's do); after that the case identity keeps it.
  const [requestedCase] = useState(() => location.query.get('case'));
  const signal = useAbortSignal();
  const user = useIdentity(identity);
  const owner: Owner | null = user ? { loginName: user.loginName, profileId: user.ptibProfileID } : null;
  const ownerKey = owner ? `${owner.loginName}/${owner.profileId}` : '';

  const [loading, setLoading] = useState<Loading>({ state: 'loading' });
  const [values, setValues] = useState<FormValues>({});
  const [record, setRecord] = useState<CaseDetail | null>(null);
  // A record filled in under an earlier version of the form is shown and checked with that version.
  const [recordForm, setRecordForm] = useState<FormDefinition | null>(null);
  const [history, setHistory] = useState<CaseStatusResponse['history'] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempt, setAttempt] = useState(0);
  const [mode, setMode] = useState<ValidationMode>('draft');
  const [dirty, setDirty] = useState(false);
  const [offer, setOffer] = useState<UnsavedInput | null>(null);
  const [cases, setCases] = useState<CaseSummary[] | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  const eservice = loading.state === 'ready' ? loading.eservice : null;
  const form = recordForm ?? eservice?.form ?? null;
  const editable = !record || isEditable(record.status);

  // The session may end while this form holds unsaved input: come back here after the next sign-in.
  const dirtyRef = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);
  useEffect(
    () =>
      session.subscribe(() => {
        if (!session.getState().signedIn && dirtyRef.current) setReturnTo(window.location.hash);
      }),
    [],
  );

  const refreshList = useCallback(async () => {
    const outcome = await genericApi.list(appCode, signal);
    if (outcome.ok) setCases(outcome.value);
  }, [appCode, signal]);

  const loadHistory = useCallback(
    async (id: string) => {
      const outcome = await genericApi.status(id, signal);
      setHistory(outcome.ok ? outcome.value.history : null);
    },
    [signal],
  );

  const show = useCallback(
    (detail: CaseDetail, formValues: FormValues) => {
      setRecord(detail);
      setValues(formValues);
      setErrors({});
      setDirty(false);
      setNotice(null);
      setHistory(null);
      writeCaseIdentity({ appCode: detail.appCode, caseId: detail.id, caseNumber: detail.caseNumber });
      if (!isEditable(detail.status)) void loadHistory(detail.id);
    },
    [loadHistory],
  );

  /** Opens a stored record (over its form version's defaults); false when it could not be opened. */
  const openRecord = useCallback(
    async (id: string, current: EserviceDetail): Promise<CaseDetail | null> => {
      const outcome = await genericApi.open(id, signal);
      if (outcome.ok) {
        let def = current.form;
        if (outcome.value.formVersion !== current.formVersion) {
          const earlier = await genericApi.eservice(current.code, signal, outcome.value.formVersion);
          if (!earlier.ok) return null;
          def = earlier.value.form;
          setRecordForm(def);
        } else setRecordForm(null);
        show(outcome.value, mergeValues(def, outcome.value.data));
        return outcome.value;
      }
      if (outcome.kind === 'aborted' || outcome.kind === 'session') return null;
      writeCaseIdentity(null);
      const message = outcome.kind === 'failed' ? MESSAGES.somethingWrong : outcome.message;
      emit('toast', { severity: 'error', message });
      setNotice(message);
      return null;
    },
    [show, signal],
  );

  useEffect(() => {
    // The guard has loaded the identity; without it there is no owner to keep input for yet.
    if (!ownerKey) return;
    let stale = false;
    void (async () => {
      const loaded = await genericApi.eservice(appCode, signal);
      if (stale || signal.aborted) return;
      if (!loaded.ok) {
        if (loaded.kind === 'aborted' || loaded.kind === 'session') return;
        setLoading({ state: 'failed', message: loaded.kind === 'refused' ? loaded.message : MESSAGES.somethingWrong });
        return;
      }
      const def = loaded.value.form;
      setLoading({ state: 'ready', eservice: loaded.value });
      setValues(initialValues(def));
      const [loginName = '', profileId = ''] = ownerKey.split('/');
      setOffer(readUnsaved({ loginName, profileId }, appCode));
      const open = requestedCase ?? readCaseIdentity(appCode)?.caseId;
      if (requestedCase)
        window.history.replaceState(window.history.state, '', `#${ROUTES.generic}?app=${encodeURIComponent(appCode)}`);
      if (open) await openRecord(open, loaded.value);
      void refreshList();
    })();
    return () => {
      stale = true;
    };
  }, [appCode, requestedCase, ownerKey, signal, openRecord, refreshList]);

  function keep(next: FormValues) {
    if (!owner || !eservice) return;
    writeUnsaved(owner, {
      appCode,
      title: eservice.title,
      caseId: record?.id ?? null,
      caseNumber: record?.caseNumber ?? null,
      values: next,
      savedAt: Date.now(),
    });
  }

  function change(name: string, value: FieldValue) {
    const next = { ...values, [name]: value };
    setValues(next);
    setDirty(true);
    keep(next);
    if (form && Object.keys(errors).some((p) => belongsTo(p, name))) {
      // A field in error is checked again as it is corrected; the summary follows.
      const rest = Object.fromEntries(Object.entries(errors).filter(([p]) => !belongsTo(p, name)));
      const found = validate(form, stripHidden(form, next), { mode, today: todayInSingapore() });
      setErrors({ ...rest, ...Object.fromEntries(Object.entries(found).filter(([p]) => belongsTo(p, name))) });
    }
  }

  /** A failed call: field messages from the server, its reason, or the specification's message. */
  function failed(outcome: Failure, fallback: string) {
    if (outcome.kind === 'aborted' || outcome.kind === 'session') return;
    if (outcome.kind === 'fields') {
      setErrors(outcome.fieldErrors);
      setAttempt((a) => a + 1);
      return;
    }
    const message = outcome.kind === 'refused' ? outcome.message : fallback;
    emit('toast', { severity: 'error', message });
    setNotice(message);
  }

  function saved(detail: CaseDetail, message: string) {
    if (owner) clearUnsaved(owner, appCode);
    setOffer(null);
    show(detail, values);
    emit('toast', { severity: 'success', message });
    void refreshList();
  }

  function check(m: ValidationMode): boolean {
    if (!form) return false;
    const found = validate(form, stripHidden(form, values), { mode: m, today: todayInSingapore() });
    setMode(m);
    setErrors(found);
    setAttempt((a) => a + 1);
    return !hasErrors(found);
  }

  async function save(draft: boolean): Promise<CaseDetail | null> {
    if (!form) return null;
    // A hidden field's answer is never sent (the server strips it as well).
    const data = stripHidden(form, values);
    const outcome = record
      ? await genericApi.save(record.id, data, record.version, draft, signal)
      : await genericApi.create(appCode, data, draft, signal);
    if (outcome.ok) {
      saved(outcome.value, draft ? MESSAGES.draftSaved : MESSAGES.recordSaved);
      return outcome.value;
    }
    failed(outcome, draft ? MESSAGES.draftSaveFailed : MESSAGES.saveFailed);
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

  const onSave = (draft: boolean) => run(async () => void (check(draft ? 'draft' : 'submit') && (await save(draft))));

  const onSubmit = () =>
    run(async () => {
      if (!check('submit')) return;
      const current = !record || dirty ? await save(false) : record;
      if (!current) return;
      const outcome = await genericApi.submit(current.id, current.version, signal);
      if (!outcome.ok) return failed(outcome, MESSAGES.submitFailed);
      show(outcome.value, values);
      emit('toast', { severity: 'success', message: CASE_MESSAGES.submitted });
      void refreshList();
    });

  const onDelete = () =>
    run(async () => {
      setConfirming(null);
      if (!record || !eservice) return;
      const outcome = await genericApi.remove(record.id, record.version, signal);
      if (!outcome.ok) return failed(outcome, MESSAGES.deleteFailed);
      if (owner) clearUnsaved(owner, appCode);
      writeCaseIdentity(null);
      setRecord(null);
      setRecordForm(null);
      setValues(initialValues(eservice.form));
      setDirty(false);
      setErrors({});
      emit('toast', { severity: 'success', message: MESSAGES.recordDeleted });
      void refreshList();
    });

  /** Leaves the current input: asks first when it was changed and not saved. */
  function leave(then: () => void) {
    if (dirty) setConfirming({ kind: 'discard', then });
    else then();
  }

  function discard() {
    if (owner) clearUnsaved(owner, appCode);
    setOffer(null);
    setDirty(false);
  }

  const startNew = () =>
    leave(() => {
      if (!eservice) return;
      discard();
      writeCaseIdentity(null);
      setRecord(null);
      setRecordForm(null);
      setValues(initialValues(eservice.form));
      setErrors({});
      setNotice(null);
    });

  const open = (id: string) =>
    leave(() => {
      if (!eservice) return;
      discard();
      void run(() => openRecord(id, eservice));
    });

  async function restore(input: UnsavedInput) {
    if (!eservice) return;
    setOffer(null);
    // The input goes over the latest version of its record, so a save after restoring does not conflict.
    let def = form ?? eservice.form;
    if (input.caseId && input.caseId !== record?.id) {
      const opened = await openRecord(input.caseId, eservice);
      if (!opened) return;
      if (opened.formVersion === eservice.formVersion) def = eservice.form;
      else {
        const earlier = await genericApi.eservice(eservice.code, signal, opened.formVersion);
        if (!earlier.ok) return;
        def = earlier.value.form;
      }
    }
    if (!input.caseId && record) {
      writeCaseIdentity(null);
      setRecord(null);
      setRecordForm(null);
      def = eservice.form;
    }
    const next = mergeValues(def, input.values);
    setValues(next);
    setDirty(true);
    keep(next);
  }

  if (loading.state === 'loading') return <p>Loading the e-service…</p>;
  if (loading.state === 'failed' || !eservice || !form) {
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

  // The pages one after another (the multi-page screen replaces this); only the questions that apply.
  const scope = visibility(form, values);
  return (
    <section aria-labelledby="page-heading" className="generic">
      <h1 id="page-heading" tabIndex={-1}>
        {eservice.title}
      </h1>
      <p className="lead">{eservice.description}</p>
      {offer && <RestoreOffer input={offer} onRestore={() => void restore(offer)} onDiscard={() => discard()} />}
      {record && <StatusPanel record={record} history={history} />}
      <ErrorSummary errors={errors} attempt={attempt} />
      {notice && <p className="notice notice-error">{notice}</p>}
      <form
        aria-labelledby="page-heading"
        aria-busy={busy}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(false);
        }}
      >
        {!editable && <p className="form-note">{CASE_MESSAGES.readOnly}</p>}
        <fieldset className="form-fields" disabled={!editable}>
          <legend className="visually-hidden">{record ? `Record ${record.caseNumber}` : 'New record'}</legend>
          {form.pages.map((page) => (
            <div key={page.id} className="form-page">
              <h2>{page.heading}</h2>
              {page.sections
                .filter((section) => scope.sections.has(section))
                .map((section, i) => (
                  <div key={i} className="form-section">
                    {section.heading !== page.heading && <h3>{section.heading}</h3>}
                    {section.description && <p className="form-note">{section.description}</p>}
                    {section.fields
                      .filter((field) => scope.shown.has(field.name))
                      .map((field) => (
                        <FieldControl
                          key={field.name}
                          field={field}
                          value={values[field.name]}
                          errors={errors}
                          onChange={change}
                          scope={scope}
                        />
                      ))}
                  </div>
                ))}
            </div>
          ))}
        </fieldset>
        <div className="button-row">
          {editable && (
            <>
              <button type="button" onClick={() => void onSubmit()}>
                Submit
              </button>
              <button type="submit" className="button-secondary">
                Save
              </button>
              <button type="button" className="button-secondary" onClick={() => void onSave(true)}>
                Save draft
              </button>
            </>
          )}
          {record && editable && (
            <button
              type="button"
              className="button-secondary"

              onClick={() => setConfirming({ kind: 'delete' })}
            >
              Delete
            </button>
          )}
          {record && (
            <button type="button" className="button-link" onClick={startNew}>
              Start a new record
            </button>
          )}
        </div>
      </form>
      <section aria-labelledby="records-heading" className="records">
        <h2 id="records-heading">Your records</h2>
        {cases === null ? (
          <p>Loading your records…</p>
        ) : cases.length === 0 ? (
          <p>You have no records for this e-service yet.</p>
        ) : (
          <RecordList
            cases={cases}
            openId={record?.id ?? null}
            onOpen={open}
            caption={`Your ${eservice.title} records, newest first`}
          />
        )}
      </section>
      <CaseSearch appCode={appCode} signal={signal} openId={record?.id ?? null} onOpen={open} />
      {confirming?.kind === 'delete' && record && (
        <ConfirmDialog
          title="Delete record"
          message={CASE_MESSAGES.deleteConfirm(record.caseNumber)}
          confirmLabel="Delete"
          onConfirm={() => void onDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {confirming?.kind === 'discard' && (
        <ConfirmDialog
          title="Unsaved changes"
          message={CASE_MESSAGES.discardConfirm}
          confirmLabel="Discard changes"
          onConfirm={() => {
            const then = confirming.then;
            setConfirming(null);
            then();
          }}
          onCancel={() => setConfirming(null)}
        />
      )}
      <p className="visually-hidden" role="status">
        {record ? `Status: ${CASE_STATUS_LABELS[record.status]}` : ''}
      </p>
    </section>
  );
}
