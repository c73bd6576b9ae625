// One plain mailbox: what the sign-in accepts as an identity and the only kind of address mail
// is sent to. A strict addr-spec (a dot-atom local part, a host name), never the wider RFC 5322
// syntax (display names, quoted strings, comments, groups, lists): mail libraries parse that
// syntax on their own, so an identity that contains it can be delivered somewhere else.
import { domainToASCII } from "node:url";
import { type Failure, fail, ok, type Result } from "../core/result";

/** A string that passed parseMailbox: lower case, one local part, one host name. */
export type Mailbox = string & { readonly mailbox: unique symbol };

const MAX_LOCAL = 64; // RFC 5321 4.5.3.1.1
const MAX_ADDRESS = 254; // a path of 256 octets, less its angle brackets
// RFC 5322 atext, as the HTML e-mail field accepts it: no quotes, spaces, commas, brackets.
const LOCAL = /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const refuse = (message: string): Failure<"invalid_parameter"> =>
  fail("invalid_parameter", message, { param: "email" });

const ONE_ADDRESS =
  "Enter one e-mail address, such as ann@example.com: no name, spaces, line breaks, commas, quotes or angle brackets.";

/**
 * The mailbox `raw` names, lower-cased (domains in their ASCII form), or why it is not one.
 * Only spaces and tabs around it are forgiven.
 */
export function parseMailbox(raw: string): Result<Mailbox, "invalid_parameter"> {
  if (raw.length > 4 * MAX_ADDRESS) return refuse("That e-mail address is too long.");
  const text = raw
    .normalize("NFKC")
    .replace(/^[ \t]+|[ \t]+$/g, "")
    .toLowerCase();
  if (/[\s,;<>"()[\]\\:]/.test(text)) return refuse(ONE_ADDRESS);
  const parts = text.split("@");
  if (parts.length !== 2) return refuse("An e-mail address has exactly one @, such as ann@example.com.");
  const [local = "", unicodeDomain = ""] = parts;
  if (!local || local.length > MAX_LOCAL || !LOCAL.test(local))
    return refuse("The part before the @ is not a mailbox name; check the address.");
  // Non-ASCII domains become their ASCII (punycode) form; anything else that is not a host
  // name (an IP literal, a trailing dot, a single label) is refused.
  const domain = /^[\x21-\x7e]*$/.test(unicodeDomain) ? unicodeDomain : domainToASCII(unicodeDomain);
  const labels = domain.split(".");
  const hostName =
    labels.length >= 2 && labels.every((l) => LABEL.test(l)) && !/^\d+$/.test(labels.at(-1) ?? "");
  if (!hostName) return refuse("The part after the @ must be a domain name, such as example.com.");
  const address = `${local}@${domain}`;
  if (address.length > MAX_ADDRESS) return refuse("That e-mail address is too long.");
  return ok(address as Mailbox);
}

const GMAIL = new Set(["gmail.com", "googlemail.com"]);

/**
 * The inbox a mailbox delivers to, for limits: `+tag`s dropped from the local part (every
 * large provider delivers them to the untagged mailbox), and for Gmail its dots too.
 */
export function inboxOf(mailbox: Mailbox): string {
  const at = mailbox.lastIndexOf("@");
  let local = mailbox.slice(0, at);
  let domain = mailbox.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL.has(domain)) {
    domain = "gmail.com";
    local = local.replaceAll(".", "") || local;
  }
  return `${local}@${domain}`;
}
