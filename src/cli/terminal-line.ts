/**
 * Where the line being written stands: a reply streamed without its line's end leaves it open, and
 * a line said after it (a call, a notice, an error, the turn's end) first ends it. A line never
 * started is not ended: no blank line comes from it.
 *
 * stdout and stderr written to one place (a terminal, or `2>&1`) share one line: text on one is
 * ended before a line on the other. Written apart (`ias chat … > reply.txt`), each has its own.
 */
import fs from 'node:fs';

type Stream = NodeJS.WriteStream;

export class TerminalLine {
  /** The places with a line open (stdout and stderr are one place when they write to one). */
  private readonly open = new Set<'stdout' | 'stderr'>();
  /** stdout and stderr write to one place: known at the first write. */
  private together: boolean | undefined;

  /**
   * Text written as it comes (a reply, thinking): its line stays open unless the text ends it.
   * `paint` colours what is written, not what is looked at.
   */
  write(stream: Stream, text: string, paint: (text: string) => string = (t) => t): void {
    if (text === '') return;
    stream.write(paint(text));
    if (text.endsWith('\n')) this.open.delete(this.place(stream));
    else this.open.add(this.place(stream));
  }

  /** A line of its own (`text` without its newline): the line open in its place is ended first. */
  line(stream: Stream, text: string, paint?: (text: string) => string): void {
    this.end(stream);
    this.write(stream, `${text}\n`, paint);
  }

  /** Ends the line open in `stream`'s place, if one is: what comes next starts a line of its own. */
  end(stream: Stream): void {
    if (this.open.has(this.place(stream))) this.write(stream, '\n');
  }

  /**
   * What another writer did to `stream`'s line: readline drew a prompt (`open`: the cursor stays
   * after it), or its Enter ended the line typed there.
   */
  drawn(stream: Stream, open: boolean): void {
    if (open) this.open.add(this.place(stream));
    else this.open.delete(this.place(stream));
  }

  private place(stream: Stream): 'stdout' | 'stderr' {
    this.together ??= sameDestination();
    return this.together || stream === process.stdout ? 'stdout' : 'stderr';
  }
}

/**
 * stdout and stderr write to one place: the same terminal, pipe or file. Where that cannot be told
 * (no inode, as for Windows' consoles), they are taken as one, as a terminal shows them.
 */
function sameDestination(): boolean {
  try {
    const out = fs.fstatSync(1);
    const err = fs.fstatSync(2);
    if (out.ino === 0 || err.ino === 0) return true;
    return out.dev === err.dev && out.ino === err.ino;
  } catch {
    return true;
  }
}

/** This process's: one stdout and one stderr. */
export const terminalLine = new TerminalLine();
