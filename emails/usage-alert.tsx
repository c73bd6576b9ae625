// Sent when a user's requests reach 80 % or all of a quota window, once per window.
import { Heading, Link, Text } from "@react-email/components";
import { EmailLayout, headingStyle, linkStyle, textStyle } from "./layout";

export type UsageAlertEmailProps = {
  window: "daily" | "monthly";
  threshold: 80 | 100;
  used: number;
  limit: number;
  /** When the window starts again, as UTC text. */
  resetsAt: string;
  studioUrl: string;
};

const period = (w: "daily" | "monthly") => (w === "daily" ? "today's" : "this month's");

export function usageAlertSubject({ window, threshold }: Pick<UsageAlertEmailProps, "window" | "threshold">) {
  return threshold === 100
    ? `You have used all of ${period(window)} API quota`
    : `You have used ${threshold} % of ${period(window)} API quota`;
}

export default function UsageAlertEmail(p: UsageAlertEmailProps) {
  const n = (x: number) => x.toLocaleString("en-US");
  return (
    <EmailLayout preview={usageAlertSubject(p)}>
      <Heading as="h1" style={headingStyle}>
        {p.threshold === 100
          ? `${p.window === "daily" ? "Daily" : "Monthly"} quota used up`
          : "Quota running low"}
      </Heading>
      {/* One string: split into JSX pieces, the HTML part would carry markers between them. */}
      <Text style={textStyle}>
        {`Your requests have reached ${n(p.used)} of the ${n(p.limit)} in your ${p.window} quota. ${
          p.threshold === 100
            ? "Further requests are refused with 429 quota_exceeded until it resets"
            : "When it is used up, requests are refused with 429 quota_exceeded until it resets"
        } at ${p.resetsAt}.`}
      </Text>
      <Text style={{ ...textStyle, marginBottom: 0 }}>
        A larger plan raises the limits at once. These alerts can be turned off in the{" "}
        <Link href={p.studioUrl} style={linkStyle}>
          Studio
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}
