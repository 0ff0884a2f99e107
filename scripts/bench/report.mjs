// Targets, the printed table and the JSON result file.
import fs from 'node:fs';
import path from 'node:path';

export const TARGETS = {
  appOfBare: 0.3,
  p99Ms: 25,
  largeOverSmall: 1.5,
  rssMb: 150,
  firstLoadJsKb: 90,
  firstLoadCssKb: 15,
  // The mixed day (many members, each with their own token, reads with 15% writes) and fresh answers
  // (each read right after a write to what it reads), per engine.
  mixedOfBare: { sqlite: 0.3, postgres: 0.15 },
  mixedP99Ms: 50,
  freshOfBare: { sqlite: 0.25, postgres: 0.12 },
};

const pct = (x) => `${Math.round(x * 100)}%`;
const mark = (ok) => (ok ? 'met' : 'MISSED');
export const ratioText = (ratio) => (ratio === undefined ? '' : ratio === null ? 'no answer' : `${ratio.toFixed(2)}x`);

/**
 * Adds to each large-set row how much slower the call is than on the small set: the small set's
 * app/bare share divided by the large set's, so machine noise that hits both servers cancels out.
 */
export function compareSizes(results) {
  for (const result of results.filter((r) => r.dataSet === 'large')) {
    const small = results.find((r) => r.engine === result.engine && r.dataSet === 'small');
    for (const row of result.rows) {
      const before = small?.rows.find((r) => r.call === row.call);
      // null: no request of the large run was answered within it, however many were on the small set.
      if (before?.appOfBare > 0) row.largeOverSmall = row.appOfBare > 0 ? before.appOfBare / row.appOfBare : null;
    }
  }
}

/** Every target check, one entry each. */
export function checkTargets(results, web) {
  const checks = [];
  for (const { engine, dataSet, rows, rssMb } of results) {
    for (const row of rows) {
      const where = `${engine} ${dataSet}: ${row.call}`;
      if (row.mixed) {
        if (row.writeShare > 0 && !row.processes) {
          const share = TARGETS.mixedOfBare[engine];
          checks.push({ target: `mixed day >= ${pct(share)} of bare`, where, value: pct(row.appOfBare), met: row.appOfBare >= share });
          checks.push({
            target: `mixed day p99 <= ${TARGETS.mixedP99Ms} ms`,
            where,
            value: `${row.app.p99} ms`,
            met: row.app.p99 <= TARGETS.mixedP99Ms,
          });
        }
      } else if (row.fresh) {
        const share = TARGETS.freshOfBare[engine];
        checks.push({ target: `fresh >= ${pct(share)} of bare`, where, value: pct(row.appOfBare), met: row.appOfBare >= share });
      } else if (row.read) {
        checks.push({
          target: `>= ${pct(TARGETS.appOfBare)} of bare`,
          where,
          value: pct(row.appOfBare),
          met: row.appOfBare >= TARGETS.appOfBare,
        });
        checks.push({ target: `p99 < ${TARGETS.p99Ms} ms`, where, value: `${row.app.p99} ms`, met: row.app.p99 < TARGETS.p99Ms });
      }
      if (row.largeOverSmall !== undefined) {
        checks.push({
          target: `large within ${TARGETS.largeOverSmall}x of small`,
          where,
          value: ratioText(row.largeOverSmall),
          met: row.largeOverSmall !== null && row.largeOverSmall <= TARGETS.largeOverSmall,
        });
      }
      if (row.app.errors > 0) checks.push({ target: 'no failed requests', where, value: String(row.app.errors), met: false });
    }
    // The server's memory after every scenario of the data set: the large one when it ran, else the small.
    if (dataSet === 'large' || !results.some((r) => r.engine === engine && r.dataSet === 'large'))
      checks.push({
        target: `RSS < ${TARGETS.rssMb} MB`,
        where: `${engine} server after the run`,
        value: `${Math.round(rssMb)} MB`,
        met: rssMb < TARGETS.rssMb,
      });
  }
  for (const page of web.pages.length ? web.pages : [{ page: 'index.html', ...web.indexHtml }]) {
    checks.push({
      target: `first load JS <= ${TARGETS.firstLoadJsKb} KB gzip`,
      where: page.page,
      value: `${page.jsKb} KB`,
      met: page.jsKb <= TARGETS.firstLoadJsKb,
    });
    checks.push({
      target: `first load CSS <= ${TARGETS.firstLoadCssKb} KB gzip`,
      where: page.page,
      value: `${page.cssKb} KB`,
      met: page.cssKb <= TARGETS.firstLoadCssKb,
    });
  }
  return checks;
}

/** The one table: every call on every engine and data set. */
export function printTable(results) {
  const table = results.flatMap(({ engine, dataSet, rows }) =>
    rows.map((row) => ({
      engine,
      'data set': dataSet,
      call: row.call,
      'bare req/s': row.bare.rps,
      'bare p99 ms': row.bare.p99,
      'app req/s': row.app.rps,
      'app/bare': pct(row.appOfBare),
      'app p50 ms': row.app.p50,
      'app p99 ms': row.app.p99,
      'large/small': ratioText(row.largeOverSmall),
      errors: row.app.errors,
    })),
  );
  console.table(table);
}

export function printSummary(results, web, checks) {
  for (const { engine, dataSet, rssMb, anonMb, fileMb, counts, loadSeconds } of results) {
    // Runs saved before the split was measured have the total only.
    const split = anonMb === undefined ? '' : ` (anonymous ${Math.round(anonMb)}, mapped files ${Math.round(fileMb)})`;
    console.log(
      `${engine} ${dataSet}: loaded in ${loadSeconds.toFixed(1)} s (${Object.entries(counts)
        .map(([t, n]) => `${t} ${n}`)
        .join(', ')}); server RSS after the run ${Math.round(rssMb)} MB${split}`,
    );
  }
  console.log(
    `index.html first load: JS ${web.indexHtml.jsKb} KB, CSS ${web.indexHtml.cssKb} KB gzip (${web.indexHtml.files.length} files)`,
  );
  for (const page of web.pages)
    console.log(`${page.page} (${page.path}) first load: JS ${page.jsKb} KB, CSS ${page.cssKb} KB gzip (${page.files.length} files)`);
  const missed = checks.filter((c) => !c.met);
  console.log(`\nTargets: ${checks.length - missed.length} of ${checks.length} met.`);
  for (const c of missed) console.log(`  ${mark(false)}: ${c.target} (${c.where}: ${c.value})`);
}

/** Writes bench/results/bench-<time>.json and bench/results/latest.json; returns the timestamped path. */
export function writeResult(result) {
  const dir = 'bench/results';
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `bench-${result.startedAt.replaceAll(':', '-')}.json`);
  const text = `${JSON.stringify(result, null, 2)}\n`;
  fs.writeFileSync(file, text);
  fs.writeFileSync(path.join(dir, 'latest.json'), text);
  return file;
}
