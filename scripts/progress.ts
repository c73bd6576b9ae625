// Terminal progress for long imports: one rewritten line on a TTY, a line per update otherwise.
export function progressPrinter(label: string) {
  const started = Date.now();
  return (count: number) => {
    const secs = (Date.now() - started) / 1000;
    const rate = secs > 0 ? Math.round(count / secs) : 0;
    const line = `${label}: ${count.toLocaleString("en-US")} (${rate.toLocaleString("en-US")}/s, ${secs.toFixed(1)} s)`;
    if (process.stderr.isTTY) process.stderr.write(`\r${line}   `);
    else process.stderr.write(`${line}\n`);
  };
}

export function endProgress(): void {
  if (process.stderr.isTTY) process.stderr.write("\n");
}
