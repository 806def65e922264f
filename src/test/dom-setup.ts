/**
 * What jsdom lacks and the UI uses: the native <dialog> API (Drawer) and ResizeObserver (Headless
 * UI's anchored panels, the virtualizer). Layout does not exist in jsdom, so observing sizes is a
 * no-op. Loaded for every unit test file; node-environment files have no window and skip it.
 */
if (typeof window !== 'undefined') {
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
