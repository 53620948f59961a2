import { createHash } from "node:crypto";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const STYLE = `
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f7fa;color:#1a202c;display:flex;min-height:100vh;align-items:center;justify-content:center}
  main{background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:2rem;width:100%;max-width:24rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
  h1{font-size:1.375rem;margin:0 0 .25rem}
  p.lead{margin:0 0 1.5rem;color:#4a5568}
  label{display:block;font-weight:600;margin:1rem 0 .375rem}
  input{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #a0aec0;border-radius:6px}
  input:focus{outline:3px solid #90cdf4;border-color:#2b6cb0}
  button{margin-top:1.5rem;width:100%;font:inherit;font-weight:600;padding:.75rem;border:0;border-radius:6px;background:#2b6cb0;color:#fff;cursor:pointer}
  button:hover{background:#2c5282}
  .error{background:#fff5f5;border:1px solid #feb2b2;color:#9b2c2c;padding:.75rem;border-radius:6px;margin-bottom:.5rem}
`;

/** Submits the page's form (the logout confirmation) without a click. */
export const AUTO_SUBMIT_SCRIPT = "document.forms[0].submit()";

const sha256Source = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The Content-Security-Policy sources of these pages' only inline style and script. */
export const PAGE_INLINE_SOURCES = { style: sha256Source(STYLE), script: sha256Source(AUTO_SUBMIT_SCRIPT) };

export function renderMessagePage(title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${bodyHtml}</main></body></html>`;
}

export function renderLoginPage(options: { action: string; email?: string; error?: string }): string {
  const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : "";
  return renderMessagePage(
    "Sign in",
    `<p class="lead">Staffing &amp; Position Control</p>${error}
    <form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(options.email ?? "")}">
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <button type="submit">Sign in</button>
    </form>`,
  );
}

/** The accept-invite page: the invited person sets a password (then signs in as usual). */
export function renderAcceptInvitePage(options: {
  action: string;
  email: string;
  name: string;
  error?: string;
}): string {
  const error = options.error ? `<div class="error" role="alert">${escapeHtml(options.error)}</div>` : "";
  return renderMessagePage(
    "Set your password",
    `<p class="lead">Welcome, ${escapeHtml(options.name)}. Choose a password for ${escapeHtml(options.email)}: at least 12 characters with letters and digits.</p>${error}
    <form method="post" action="${escapeHtml(options.action)}" autocomplete="on">
      <input type="hidden" name="username" autocomplete="username" value="${escapeHtml(options.email)}">
      <label for="password">New password</label>
      <input id="password" name="password" type="password" autocomplete="new-password" required minlength="12" autofocus>
      <label for="confirm">Confirm password</label>
      <input id="confirm" name="confirm" type="password" autocomplete="new-password" required minlength="12">
      <button type="submit">Set password</button>
    </form>`,
  );
}
