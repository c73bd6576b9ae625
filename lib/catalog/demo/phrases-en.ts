// English descriptions: paragraphs of template sentences whose slots come from the job's facts.
// Every statement about arrangement, employment type, level and place follows the record.

import { DUTY, FIELD_WHAT, OWN_DUTY, SECTOR_WHAT } from "./duties-en";
import { article, type Facts, type Slots } from "./facts";
import { bullets, joinAnd } from "./vocabulary";

const list = (xs: readonly string[]) => bullets(xs, ".");

const YEARS: Record<string, string> = {
  junior: "Up to two years of experience, or a recent degree or apprenticeship",
  mid: "Three or more years of experience as a mid-level professional",
  senior: "Five or more years of experience, with a senior track record",
  lead: "Seven or more years of experience, including leading a small team",
  principal: "Ten or more years of experience and a record of setting direction",
  executive: "Ten or more years of experience, including several years leading teams",
};

const GENERIC_REQUIREMENTS = [
  "Clear written and spoken English",
  "A habit of taking ownership and following through",
  "A calm approach under pressure",
  "Attention to detail and pride in your work",
  "Curiosity and a willingness to learn",
];

/** Benefits true of every job, whatever its arrangement and type. */
const BENEFITS = [
  "A learning budget and time to use it",
  "Health insurance for you and your family",
  "A pension plan with employer contributions",
  "Generous parental leave",
  "A yearly wellbeing allowance",
  "Modern equipment of your choice",
  "A friendly team and room to grow",
  "Paid volunteering days",
  "Employee discounts on our own products",
];

function intro(f: Facts, s: Slots): string {
  const a = `${article(f.title)} ${f.title}`;
  const where = f.remote === "remote" ? `to work remotely from anywhere ${f.country}` : `in ${f.city}`;
  const first = s.pick([
    `We are hiring ${a} ${where}.`,
    `We are looking for ${a} ${where}.`,
    `Join us as ${a} ${where}.`,
    `Our team is growing and we need ${a} ${where}.`,
  ]);
  const level =
    f.level === "intern"
      ? `During this internship you will learn from experienced colleagues and work on real projects.`
      : f.level === "junior"
        ? `This junior role suits someone early in their career who wants to learn quickly.`
        : f.level === "mid"
          ? `This mid-level role gives you ownership of your work from day one.`
          : f.level === "senior"
            ? `As a senior member of the team you will shape how we work.`
            : f.level === "lead"
              ? `You will lead a team of ${s.int(3, 9)} and stay hands-on.`
              : f.level === "principal"
                ? `You will set the technical and professional direction for several teams.`
                : f.level === "executive"
                  ? `You will lead our ${f.occupation.title}s and report to ${s.director}, our managing director.`
                  : `You will work with a team that cares about doing things well.`;
  const people =
    f.level === "executive"
      ? `You will work closely with ${s.colleague}.`
      : `You will report to ${s.manager} and work closely with ${s.colleague}.`;
  return `${first} ${level} ${people}`;
}

function company(f: Facts, s: Slots): string {
  const what = SECTOR_WHAT[f.sector] ?? FIELD_WHAT[s.field];
  const clients = s.chance(0.6)
    ? ` Our customers include ${s.client()}, ${s.client()} and ${s.client()}.`
    : "";
  return `About ${f.brand}: we work on ${what}. Founded in ${s.founded}, we are ${s.people} people in ${s.offices === 1 ? "one office" : `${s.offices} offices`}, and our product ${s.product} is used every day.${clients}`;
}

function arrangement(f: Facts, s: Slots): string {
  const type =
    f.type === "full_time"
      ? "This is a full-time position"
      : f.type === "part_time"
        ? `This is a part-time position of ${s.pick(["20", "24", "30"])} hours a week`
        : f.type === "contract"
          ? `This is a contract position for ${s.pick(["six", "nine", "twelve"])} months, with a chance to extend`
          : f.type === "temporary"
            ? `This is a temporary position for ${s.pick(["three", "four", "six"])} months`
            : `This is a paid internship of ${s.pick(["three", "six"])} months`;
  const where =
    f.remote === "remote"
      ? `. The role is fully remote: you can work from anywhere ${f.country}, and we meet as a team twice a year.`
      : f.remote === "hybrid"
        ? `. The role is hybrid: ${s.pick(["two", "three"])} days a week in our ${f.city} office, the rest from home.`
        : f.remote === "on_site"
          ? `. The role is on-site at our ${s.pick(["office", "site", "location"])} in ${f.city}.`
          : ` based in ${f.city}.`;
  return type + where;
}

/** Paragraphs longer ads add: the team, the first months, the hiring steps, the stack. */
function extras(f: Facts, s: Slots): string {
  // Desk jobs name software; elsewhere the long tail of product names would read oddly.
  const desk = s.field === "tech" || s.field === "business" || s.field === "engineering";
  const leads = f.level === "lead" || f.level === "principal" || f.level === "executive";
  const welcome = `${leads ? "" : `${s.manager} leads the team, and `}${s.colleague} will help you settle in during your first weeks.`;
  let out = "";
  if (s.chance(0.45))
    out += desk
      ? `\n\nAbout the team: you will join ${s.int(4, 14)} ${f.occupation.title}s and specialists who work on ${s.product} and ${s.otherProduct()}. We plan in ${s.pick(["two-week", "monthly", "six-week"])} cycles, write decisions down and keep meetings short. ${welcome}`
      : `\n\nAbout the team: you will join ${s.int(4, 14)} ${f.occupation.title}s and colleagues who take pride in their work and look out for each other. ${welcome}`;
  // Only open-ended jobs have a month six.
  if ((f.type === "full_time" || f.type === "part_time") && s.chance(0.4))
    out += `\n\nYour first months:\n${list([
      `In your first month you get to know ${desk ? s.product : "the team"}, our customers and the way we work`,
      `By month three you own ${joinAnd(s.skills(2), "and")} for your part of the work`,
      desk
        ? `By month six you help us decide what comes next, and you bring ideas from ${s.otherProduct()} or ${s.otherProduct()} if you have used them`
        : `By month six you help us train new colleagues and improve how we work`,
    ])}`;
  if (s.chance(0.35))
    out += `\n\nHow we hire:\n${list([
      `A ${s.pick(["20", "30"])}-minute call with ${s.recruiter} from our talent team`,
      desk
        ? `A practical exercise on ${s.skills(1)}, which we pay for if it takes more than two hours`
        : `A paid trial shift or a practical task on ${s.skills(1)}`,
      `A conversation with the team and with ${s.director}`,
      `References and an offer, usually within ${s.pick(["two", "three"])} weeks of your first call`,
    ])}`;
  if (s.field === "tech" && s.chance(0.5))
    out += `\n\nOur stack: ${joinAnd(s.tools(6), "and")}, with ${s.otherProduct()} for internal tooling.`;
  return out;
}

export function describeEn(f: Facts, s: Slots): string {
  const duties = OWN_DUTY[f.occupation.title] ?? DUTY[s.field];
  const n = Math.min(s.int(4, 6), duties.length);
  const todo: string[] = [];
  for (let i = 0, k = s.int(0, duties.length - 1); i < n; i++)
    todo.push((duties[(k + i) % duties.length] as (s: Slots) => string)(s));
  const skills = s.core(3);
  const needs = [
    ...(f.level === "intern"
      ? ["Currently studying towards a degree in a related subject"]
      : f.level === null
        ? ["Solid experience in a similar role"]
        : [YEARS[f.level] ?? ""]),
    `Hands-on experience with ${joinAnd(skills, "and")}`,
    `Good working knowledge of ${joinAnd(s.tools(2), "or")}`,
    ...(f.level === "intern" ? [] : ["A degree or equivalent practical experience"]).slice(0, s.int(0, 1)),
    ...s.some(GENERIC_REQUIREMENTS, s.int(1, 2)),
  ];
  const desk = s.field === "tech" || s.field === "business" || s.field === "engineering";
  const nice = [
    s.cert(),
    desk ? `Experience with ${s.otherProduct()} or similar tools` : `A full driving licence`,
  ];
  const perks = [
    s.pick(BENEFITS),
    s.pick(BENEFITS),
    f.remote === "remote" || f.remote === "hybrid"
      ? "A home office budget for a desk, a chair and a screen"
      : f.remote === "on_site"
        ? `A subsidised public transport ticket for the trip to ${f.city}`
        : `Flexible working hours`,
    f.type === "full_time" || f.type === "part_time"
      ? `${s.pick(["25", "27", "28", "30"])} days of paid holiday a year`
      : f.type === "internship"
        ? "A monthly stipend and a mentor of your own"
        : "Pay every month and a clear schedule from the start",
  ];
  const closing = s.pick([
    `Ready to apply? Send us your CV and a few lines on why this role fits you; ${s.recruiter} reads every application.`,
    `Interested? Apply with your CV. Our process has ${s.pick(["two", "three"])} short interviews, and we answer every applicant within two weeks.`,
    `If this sounds like you, apply today. We review applications as they come in and answer each one.`,
  ]);
  return `${intro(f, s)}\n\n${company(f, s)}\n\nWhat you will do:\n${list(todo)}\n\nWhat we are looking for:\n${list(needs)}\n\nNice to have:\n${list(nice)}\n\nWhat we offer:\n${list(perks)}${extras(f, s)}\n\n${arrangement(f, s)}\n\n${closing} We welcome applicants of every background, age, gender, disability and belief.`;
}
