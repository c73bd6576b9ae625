// The copy of Scalar's bundle that /docs serves: its two <main> elements become <section>s
// (the page has its own main landmark), and a bundle that no longer renders them stops the build.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { patchScalar } from "./copy-reference-assets.mjs";

const installed = () => readFileSync("node_modules/@scalar/api-reference/dist/browser/standalone.js", "utf8");
const MAIN_VNODE = /[\w$]\((["'`])main\1,/g;

describe("patchScalar", () => {
  it("renders the installed Scalar's reference and try-it in a <section>, not a <main>", () => {
    const bundle = installed();
    expect(bundle.match(MAIN_VNODE)?.length).toBe(2);
    const { text, replaced } = patchScalar(bundle);
    expect(replaced).toBe(2);
    expect(text.match(MAIN_VNODE)).toBeNull();
    // The reference keeps its name, so its section is a named region inside the page's main.
    expect(text).toMatch(/\(`section`,\{"aria-label":[^}]*navigation\.mainContent/);
    expect(text.length).toBe(bundle.length + 2 * ("section".length - "main".length));
  });

  it("changes element names only, not the word main elsewhere", () => {
    const source = 'h(`main`,{class:"a"});h("main",b);x.tagName===`main`;const main=1;e.MAIN=`main`;';
    expect(patchScalar(source)).toEqual({
      text: 'h(`section`,{class:"a"});h(`section`,b);x.tagName===`main`;const main=1;e.MAIN=`main`;',
      replaced: 2,
    });
  });

  it("stops when there is no <main> to change: a new Scalar needs a look first", () => {
    expect(() => patchScalar("h(`div`,{})")).toThrow(/no <main> element/);
  });
});
