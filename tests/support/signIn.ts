import { createHash, randomBytes } from "node:crypto";
import { request } from "node:http";

/**
 * Signs in through the embedded OpenID provider exactly as the browser does (authorization code
 * with PKCE, the provider's own login form, the token endpoint) and returns the access token.
 */
export async function signInWithPassword(baseUrl: string, email: string, password: string): Promise<string> {
  return (await signInForTokens(baseUrl, email, password)).accessToken;
}

/** The same sign-in, answering both tokens the browser gets and its provider cookies (the session). */
export async function signInForTokens(
  baseUrl: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; refreshToken: string | undefined; cookie: string }> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const response = await fetch(new URL(url, baseUrl), {
      ...init,
      redirect: "manual",
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; "),
      },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (name) cookies.set(name.trim(), value.join("="));
    }
    return response;
  };

  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${baseUrl}/home`;
  const authorize = new URL(`${baseUrl}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: "staffing-web",
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "openid profile email api",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
  }).toString();

  let response = await send(authorize.toString());
  const interaction = response.headers.get("location");
  if (!interaction?.includes("/interaction/")) throw new Error(`No sign-in interaction: ${response.status}`);
  response = await send(interaction);
  const form = await response.text();
  const action = /action="([^"]+)"/.exec(form)?.[1];
  if (!action) throw new Error("The sign-in page has no form");
  response = await send(action, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (response.status !== 303) throw new SignInRefused(response.status, await response.text());
  let location = response.headers.get("location");
  while (location && !location.startsWith(redirectUri)) {
    response = await send(location);
    location = response.headers.get("location");
  }
  const code = location ? new URL(location).searchParams.get("code") : null;
  if (!code) throw new Error(`No authorization code came back (status ${response.status})`);
  const token = await send("/oidc/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      code,
      redirect_uri: redirectUri,
      client_id: "staffing-web",
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await token.json()) as { access_token?: string; refresh_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`The token endpoint refused: ${body.error_description}`);
  const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  return { accessToken: body.access_token, refreshToken: body.refresh_token, cookie };
}

export class SignInRefused extends Error {
  constructor(
    readonly status: number,
    readonly page: string,
  ) {
    super(`Sign-in refused with status ${status}`);
  }
}

/**
 * Opens the embedded provider's sign-in page as a browser reaches it (authorization request, then
 * the interaction) without signing in: the page's answer and the provider cookies it needs.
 */
export async function openSignInPage(
  baseUrl: string,
  /** The address browsers use (PUBLIC_URL), when it is not the instance's own (a load balancer). */
  publicUrl = baseUrl,
): Promise<{ response: Response; cookie: string }> {
  const authorize = new URL(`${baseUrl}/oidc/auth`);
  authorize.search = new URLSearchParams({
    client_id: "staffing-web",
    response_type: "code",
    redirect_uri: `${publicUrl}/home`,
    scope: "openid",
    code_challenge: "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM",
    code_challenge_method: "S256",
  }).toString();
  const first = await fetch(authorize, { redirect: "manual" });
  const cookie = first.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  const response = await fetch(new URL(first.headers.get("location") ?? "", baseUrl), { headers: { cookie } });
  return { response, cookie };
}

/**
 * Opens the sign-in page and posts its form from a loopback address of our choosing (127.0.0.2,
 * ...), which is the address the server sees: status, Retry-After and the form's alert.
 */
export async function postSignInForm(
  baseUrl: string,
  {
    email,
    password,
    localAddress,
    publicUrl,
  }: { email: string; password: string; localAddress: string; publicUrl?: string },
) {
  const { response, cookie } = await openSignInPage(baseUrl, publicUrl);
  const action = /action="([^"]+)"/.exec(await response.text())?.[1] ?? "";
  const body = new URLSearchParams({ email, password }).toString();
  return new Promise<{ status: number; retryAfter: string | undefined; alert: string | undefined }>(
    (resolve, reject) => {
      const post = request(
        new URL(action, baseUrl),
        {
          method: "POST",
          localAddress,
          headers: { cookie, "content-type": "application/x-www-form-urlencoded", "content-length": body.length },
        },
        (answer) => {
          let page = "";
          answer.setEncoding("utf8");
          answer.on("data", (chunk: string) => {
            page += chunk;
          });
          answer.on("end", () =>
            resolve({
              status: answer.statusCode ?? 0,
              retryAfter: answer.headers["retry-after"],
              alert: /role="alert">([^<]*)</.exec(page)?.[1],
            }),
          );
        },
      );
      post.on("error", reject);
      post.end(body);
    },
  );
}
