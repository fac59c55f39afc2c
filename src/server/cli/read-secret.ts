import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Reads all of a piped stdin; the trailing line break of `echo` is not part of the secret. */
async function readPipedLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** Asks on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stderr.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stderr.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** A password from piped stdin, or typed twice at a hidden prompt on a terminal. */
export async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readPipedLine();
  const password = await promptHidden('Password: ');
  const again = await promptHidden('Repeat password: ');
  if (password !== again) throw new Error('The passwords do not match');
  return password;
}

/** A yes/no question on the terminal; anything but "y"/"yes" is no. */
export async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  const answer = await new Promise<string>((resolve) => rl.question(`${question} [y/N] `, resolve));
  rl.close();
  return /^y(es)?$/i.test(answer.trim());
}
