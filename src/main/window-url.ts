/**
 * The address a new window loads: the app's renderer (the dev server, or the built index.html),
 * compact or not, open on a page. Plain functions (no Electron import), so they are unit-tested.
 */
import { pathToFileURL } from 'node:url';

/** A page's hash route, as the renderer reads it (`#/tasks`). */
export const pageHash = (page: string): string => `#/${page}`;

export interface WindowUrlOptions {
  /** The renderer's dev server, when there is one; else the built page is loaded. */
  devServer?: string;
  rendererFile: string;
  /** The tray's small chat window (`?compact=1`). */
  compact?: boolean;
  /** The page the window opens on; the renderer's default (the chat) when none. */
  page?: string;
}

export function windowUrl({ devServer, rendererFile, compact = false, page }: WindowUrlOptions): string {
  const url = devServer ? new URL(devServer) : pathToFileURL(rendererFile);
  if (compact) url.searchParams.set('compact', '1');
  if (page) url.hash = pageHash(page);
  return url.href;
}
