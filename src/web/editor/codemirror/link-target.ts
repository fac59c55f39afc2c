const EMAIL = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]+$/;

/**
 * The address a link in a note opens, or null when it is not one to open: only web and mail
 * addresses leave the app (never `javascript:`, `data:` or a relative path). `www.` addresses
 * and bare emails are completed, as GitHub-flavoured Markdown links them.
 */
export function linkTarget(written: string): string | null {
  const text = written.trim().replace(/^<(.*)>$/, '$1');
  let candidate: string;
  if (/^(?:https?|mailto):/i.test(text)) candidate = text;
  else if (/^www\./i.test(text)) candidate = `https://${text}`;
  else if (EMAIL.test(text)) candidate = `mailto:${text}`;
  else return null;
  try {
    const url = new URL(candidate);
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}
