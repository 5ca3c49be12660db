import type { IasApi } from '../shared/contract.js';

declare global {
  interface Window {
    /** The contract, exposed by the desktop app's preload; absent when the page runs elsewhere. */
    readonly ias?: IasApi;
  }
}
