import type { StoredMail } from './mailbox.ts';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Only http(s) links become anchors: a stored message can never smuggle a javascript: URL into the page. */
function linkItem(href: string): string {
  const safe = /^https?:\/\//i.test(href);
  return safe ? `<li><a href="${escapeHtml(href)}">${escapeHtml(href)}</a></li>` : `<li>${escapeHtml(href)}</li>`;
}

/** The mailbox page at /mail: messages newest first, each with its links and code; the body as text. */
export function renderMailboxPage(messages: StoredMail[], filter: string | null): string {
  const items = messages
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><span>to ${escapeHtml(m.to)}</span><time>${escapeHtml(m.created_at)}</time></header>
  ${m.token ? `<p>Code: <code>${escapeHtml(m.token)}</code></p>` : ''}
  <ul>${m.links.map(linkItem).join('')}</ul>
  <pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mailbox</title>
<style>
  body { font: 14px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; }
  article { border: 1px solid #d1d5db; border-radius: 6px; padding: 0.75rem 1rem; margin-bottom: 1rem; }
  header { display: flex; gap: 1rem; flex-wrap: wrap; align-items: baseline; }
  header span, header time { color: #6b7280; }
  pre { white-space: pre-wrap; background: #f9fafb; padding: 0.5rem; border-radius: 4px; }
  a { word-break: break-all; }
</style>
</head>
<body>
<h1>Mailbox${filter ? ` for ${escapeHtml(filter)}` : ''}</h1>
<p>Mail sent by the local stack (${messages.length} message${messages.length === 1 ? '' : 's'}).</p>
<form method="get"><input name="to" type="email" placeholder="Filter by recipient" value="${escapeHtml(filter ?? '')}"> <button>Filter</button></form>
${items || '<p>No messages yet.</p>'}
</body>
</html>`;
}
