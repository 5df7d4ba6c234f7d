import { useEffect } from 'react';
import type { AnyActorRef, EventObject } from 'xstate';

/** Some browsers read the object URL after the click returns; FileSaver keeps it for 40 s, 10 s is plenty. */
const REVOKE_AFTER_MS = 10_000;

/** Hands a file to the browser's download: a Blob, an object URL and a temporary <a download>. */
/** A file a flow built for the user to save. */
export interface DownloadFile {
  name: string;
  mimeType: string;
  content: string;
}

export function downloadFile(file: DownloadFile, doc: Document = document): void {
  const blob = new Blob([file.content], { type: file.mimeType });
  const url = URL.createObjectURL(blob);
  const link = doc.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}

/**
 * Hands each file a flow emits (`fileEvent`, carrying `file`) to the browser's download while the view is
 * mounted; a download the browser refuses goes back to the flow as `failedEvent` with the error.
 */
export function useDownloads(actor: AnyActorRef, fileEvent: string, failedEvent: string): void {
  useEffect(() => {
    const subscription = actor.on(fileEvent, (event: EventObject & { file: DownloadFile }) => {
      try {
        downloadFile(event.file);
      } catch (error) {
        actor.send({ type: failedEvent, error });
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, fileEvent, failedEvent]);
}
