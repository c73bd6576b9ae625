// A same-origin JSON POST from a Studio control: the answer's body, or the API error's message
// (and the parameter it names, so the form can point at the field).
export type Posted<T> = { ok: true; value: T } | { ok: false; message: string; param?: string };

export async function postJson<T>(path: string, body: object): Promise<Posted<T>> {
  const res = await fetch(path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => null);
  if (!res) return { ok: false, message: "We could not reach the server. Try again in a moment." };
  const json = (await res.json().catch(() => null)) as unknown;
  if (res.ok && json) return { ok: true, value: json as T };
  const error = (json as { error?: { message?: string; param?: string } } | null)?.error;
  return { ok: false, message: error?.message ?? "Something went wrong; try again.", param: error?.param };
}
