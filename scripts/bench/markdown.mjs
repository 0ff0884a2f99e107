// Prints a bench result file as the Markdown tables of bench/README.md:
//   node scripts/bench/markdown.mjs [bench/results/latest.json]
import fs from 'node:fs';
import { ratioText } from './report.mjs';

const file = process.argv[2] ?? 'bench/results/latest.json';
const result = JSON.parse(fs.readFileSync(file, 'utf8'));
const pct = (x) => `${Math.round(x * 100)}%`;
const num = (n) => n.toLocaleString('en-US');

console.log('| engine | data set | call | bare req/s | bare p99 | app req/s | app / bare | app p50 | app p99 | large / small |');
console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
for (const { engine, dataSet, rows } of result.results) {
  for (const row of rows) {
    const ratio = ratioText(row.largeOverSmall);
    const errors = row.app.errors ? ` (${row.app.errors} failed)` : '';
    console.log(
      `| ${engine} | ${dataSet} | ${row.call} | ${num(row.bare.rps)} | ${row.bare.p99} ms | ${num(row.app.rps)}${errors} | ${pct(row.appOfBare)} | ${row.app.p50} ms | ${row.app.p99} ms | ${ratio} |`,
    );
  }
}

console.log('\n| engine | data set | rows loaded | load time | server RSS after the run |');
console.log('|---|---|---|---:|---:|');
for (const { engine, engineVersion, dataSet, counts, loadSeconds, rssMb, anonMb, fileMb } of result.results) {
  const split = anonMb === undefined ? '' : ` (anonymous ${Math.round(anonMb)}, mapped files ${Math.round(fileMb)})`;
  const rows = `${num(counts.users)} users, ${num(counts.groups)} groups, ${num(counts.group_members)} memberships, ${num(counts.events)} events, ${num(counts.event_attendees)} sign-ups, ${num(counts.group_cards)} cards, ${num(counts.civ_games)} Civ games`;
  console.log(`| ${engine} ${engineVersion} | ${dataSet} | ${rows} | ${loadSeconds.toFixed(1)} s | ${Math.round(rssMb)} MB${split} |`);
}

console.log('\n| page | JS gzip | CSS gzip | files |');
console.log('|---|---:|---:|---:|');
console.log(
  `| index.html (entry, preloads, stylesheets) | ${result.web.indexHtml.jsKb} KB | ${result.web.indexHtml.cssKb} KB | ${result.web.indexHtml.files.length} |`,
);
for (const page of result.web.pages)
  console.log(`| ${page.page} (\`${page.path}\`), fetched by Chromium | ${page.jsKb} KB | ${page.cssKb} KB | ${page.files.length} |`);
for (const page of result.web.build ?? [])
  console.log(
    `| ${page.page} (\`${page.path}\`), the build's first-load.json | ${page.jsKb} KB | ${page.cssKb} KB | ${page.files.length} |`,
  );

const missed = result.checks.filter((check) => !check.met);
console.log(`\nTargets: ${result.checks.length - missed.length} of ${result.checks.length} met. Missed:\n`);
for (const check of missed) console.log(`- \`${check.target}\`: ${check.where} (${check.value})`);
