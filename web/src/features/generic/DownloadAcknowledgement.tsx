import { FORM_TEXT } from '#contract/forms/index.ts';

/** The submitted record's acknowledgement (PDF), on its confirmation and its view. */
export function DownloadAcknowledgement({ onDownload }: { onDownload: () => void }) {
  return (
    <p>
      <button type="button" className="button-link" onClick={onDownload}>
        {FORM_TEXT.download}
      </button>
    </p>
  );
}
