"use client";
// A UTC instant shown in the browser's own time zone.
import { useEffect, useState } from "react";

export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState(iso.replace("T", " ").replace(/\.\d+Z$/, " UTC"));
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    setText(
      `${new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })} (${zone})`,
    );
  }, [iso]);
  return <time dateTime={iso}>{text}</time>;
}
