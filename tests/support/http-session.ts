import { request as httpRequest } from "node:http";

/** Signs in over real HTTP (a spawned server, or through a proxy) and returns the cookie header to send back. */
export async function signInAt(
  base: string,
  account: { email: string; password: string },
  origin: string = base,
): Promise<string> {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export interface PostAnswer {
  status: number;
  body: string;
  cookies: string[];
}

/**
 * A JSON POST over real HTTP that leaves this machine from `from` (one of its own addresses), so the
 * server (or the proxy in front of it) sees that address as the client's socket.
 */
export function postFrom(
  target: { host: string; port: number },
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PostAnswer> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: target.host,
        localAddress: from,
        port: target.port,
        path,
        method: "POST",
        headers: {
          ...headers,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: text, cookies: res.headers["set-cookie"] ?? [] }),
        );
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
