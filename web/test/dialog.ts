/**
 * jsdom has <dialog> but not showModal()/close(): this stands in for them, with Escape firing a
 * cancelable 'cancel' and then closing, as browsers do. Modality itself (inert page, top layer) is
 * checked in the browser tests.
 */
export function installDialogStandIn(): void {
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { __standIn?: boolean };
  if (proto.__standIn) return;
  proto.__standIn = true;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    this.addEventListener('keydown', onKeydown);
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.removeEventListener('keydown', onKeydown);
    this.dispatchEvent(new Event('close'));
  };
}

function onKeydown(this: HTMLDialogElement, event: KeyboardEvent) {
  if (event.key !== 'Escape') return;
  const cancel = new Event('cancel', { cancelable: true });
  if (this.dispatchEvent(cancel)) this.close();
}
