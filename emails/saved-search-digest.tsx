// Sent after an import when a saved search has new jobs: at most one per import and search.
import { Heading, Link, Section, Text } from "@react-email/components";
import { EmailLayout, headingStyle, linkStyle, textStyle, urlLinkStyle } from "./layout";

export type DigestJob = { id: string; title: string; company: string; location: string };

export type SavedSearchDigestProps = {
  searchName: string;
  query: string;
  /** New matching jobs in the import; `jobs` lists the newest of them. */
  total: number;
  jobs: DigestJob[];
  /** Where each job's page is: `${jobsUrl}/${id}`. */
  jobsUrl: string;
  studioUrl: string;
  unsubscribeUrl: string;
};

const codeStyle = {
  fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
  fontSize: "14px",
  backgroundColor: "#eef0f6",
  borderRadius: "4px",
  padding: "2px 6px",
  wordBreak: "break-all" as const,
};

export const digestSubject = ({ searchName, total }: Pick<SavedSearchDigestProps, "searchName" | "total">) =>
  `${total.toLocaleString("en-US")} new job${total === 1 ? "" : "s"} for “${searchName}”`;

export default function SavedSearchDigestEmail(p: SavedSearchDigestProps) {
  const more = p.total - p.jobs.length;
  return (
    <EmailLayout preview={digestSubject(p)}>
      <Heading as="h1" style={headingStyle}>
        {digestSubject(p)}
      </Heading>
      <Text style={textStyle}>
        The latest catalog import brought these jobs matching <code style={codeStyle}>{p.query}</code>
      </Text>
      <Section>
        {p.jobs.map((j) => (
          <Text key={j.id} style={{ ...textStyle, margin: "0 0 12px" }}>
            <Link href={`${p.jobsUrl}/${encodeURIComponent(j.id)}`} style={linkStyle}>
              {j.title}
            </Link>
            {` — ${j.company}, ${j.location}`}
          </Text>
        ))}
      </Section>
      {more > 0 ? (
        <Text style={textStyle}>
          {`And ${more.toLocaleString("en-US")} more: `}
          <Link href={`${p.jobsUrl}?${p.query}`} style={linkStyle}>
            see them all
          </Link>
        </Text>
      ) : null}
      <Text style={{ ...textStyle, fontSize: "14px", marginBottom: 0 }}>
        Manage saved searches in the{" "}
        <Link href={p.studioUrl} style={linkStyle}>
          Studio
        </Link>
        . Stop these e-mails for this search:{" "}
        <Link href={p.unsubscribeUrl} style={urlLinkStyle}>
          {p.unsubscribeUrl}
        </Link>
      </Text>
    </EmailLayout>
  );
}
