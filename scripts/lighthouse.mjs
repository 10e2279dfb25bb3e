// `npm run lighthouse`: Lighthouse 12.8.2 with its default (mobile) settings on the
// built server with demo content, three runs per page; prints the median scores and LCP, TBT and
// CLS, writes bench/lighthouse.json and exits 1 when a performance target is missed (100 on the
// server-rendered pages '/', '/intro', '/blog' and a post; at least 95 on '/checkout'). '/blog/post'
// stands for the newest published post.
//
// '/checkout' alone sends a visitor without a chosen date back to '/', so the checkout audited is
// the one a pay-later e-mail opens: a reservation is made through the API and its signed pay link
// (payLinkFor, the server's own code, hence `node --import tsx`) is audited.
//
// Environment: CHROME_PATH (default /usr/bin/chromium), LIGHTHOUSE_RUNS (default 3),
// LIGHTHOUSE_PATHS (comma-separated, default /,/intro,/blog,/blog/post,/checkout), BENCH_BUILD=1.
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { payLinkFor } from '../src/features/booking/server/booking-emails.ts';
import { call } from './bench/load.mjs';
import { ensureBuilt, startServer } from './bench/server.mjs';
import { formatTable, lighthouseFindings, lighthousePerformanceTarget, round, summariseLighthouseRuns } from './bench/stats.mjs';

const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const paths = (process.env.LIGHTHOUSE_PATHS ?? '/,/intro,/blog,/blog/post,/checkout').split(',').map((path) => path.trim()).filter(Boolean);
const log = (message) => console.log(`[lighthouse ${new Date().toISOString().slice(11, 19)}] ${message}`);

/**
 * One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART, a trace that
 * was not recorded) is tried again, up to three attempts.
 */
async function audit(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRuntimeError)) throw error;
      log(`${error.message}; trying again`);
    }
  }
}

class LighthouseRuntimeError extends Error {}

/** One Lighthouse run in a fresh headless Chromium (running as root needs --no-sandbox). */
async function auditOnce(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'] });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new LighthouseRuntimeError(`Lighthouse could not audit ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/** The pay link of a fresh reservation on the first open, dated workshop: the checkout as it renders. */
async function checkoutPath(server) {
  const dates = await (await fetch(`${server.baseUrl}/api/workshop-dates`)).json();
  const date = dates.find((candidate) => candidate.seatsRemaining > 0 && !candidate.isTBC);
  if (!date) throw new Error('no open, dated workshop to reserve a seat on for the /checkout audit');
  const reservation = { workshopDateId: date.id, firstName: 'Light', lastName: 'House', email: 'lighthouse@bench.example', paymentMode: 'pay_later', subscribedToNewsletter: false };
  const answer = await call(server.baseUrl, 'POST', '/api/bookings/reserve', { json: reservation });
  if (answer.status !== 201) throw new Error(`reserving a seat for the /checkout audit answered ${answer.status}: ${answer.body.toString('utf8').slice(0, 300)}`);
  const booking = JSON.parse(answer.body.toString('utf8'));
  return payLinkFor(server.secret, server.baseUrl, booking.id).slice(server.baseUrl.length);
}

/** The newest published post, as the blog lists it. */
async function newestPostPath(server) {
  const [post] = await (await fetch(`${server.baseUrl}/api/blog-posts`)).json();
  if (!post) throw new Error('no published post to audit');
  return `/blog/${post.slug}`;
}

async function main() {
  ensureBuilt(log);
  const server = await startServer();
  const pages = [];
  const loadAtStart = loadavg().map((value) => round(value, 2));
  try {
    for (const path of paths) {
      const lhrs = [];
      const audited = path === '/checkout' ? await checkoutPath(server) : path === '/blog/post' ? await newestPostPath(server) : path;
      for (let run = 1; run <= runs; run++) {
        log(`${path}: run ${run} of ${runs}`);
        lhrs.push(await audit(`${server.baseUrl}${audited}`));
      }
      const summary = summariseLighthouseRuns(lhrs);
      // The run whose performance score is the median one explains that score.
      const sorted = [...lhrs].sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const medianRun = sorted[Math.floor((sorted.length - 1) / 2)];
      const target = lighthousePerformanceTarget(path);
      pages.push({
        path,
        finalUrl: medianRun.finalDisplayedUrl.replace(server.baseUrl, '').split('?')[0],
        target,
        met: summary.performance >= target,
        ...summary,
        runs: lhrs.map((lhr) => ({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
          tbtMs: round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
          cls: round(lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN, 3),
        })),
        findings: lighthouseFindings(medianRun),
      });
    }
  } finally {
    await server.stop();
  }

  console.log('');
  console.log(
    formatTable(
      ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'target perf', 'met'],
      pages.map((page) => [
        page.finalUrl === page.path ? page.path : `${page.path} → ${page.finalUrl}`,
        page.performance,
        page.accessibility,
        page.bestPractices,
        page.seo,
        page.lcpMs,
        page.tbtMs,
        page.cls,
        `≥ ${page.target}`,
        page.met ? 'yes' : 'MISSED',
      ]),
    ),
  );
  for (const page of pages) {
    const { performance, others } = page.findings;
    if (page.met && others.length === 0) continue;
    console.log(`\n${page.path}: what holds it back (median run)`);
    const details = (items) => items.slice(0, 3).forEach((line) => console.log(`        ${line}`));
    for (const item of performance) {
      console.log(`  perf  ${item.title}${item.displayValue ? ` — ${item.displayValue}` : ''}${item.savingsMs ? ` (≈ ${round(item.savingsMs)} ms)` : ''}`);
      details(item.items);
    }
    for (const item of others) {
      console.log(`  ${item.category}  ${item.title}`);
      details(item.items);
    }
  }

  const report = {
    date: new Date().toISOString(),
    lighthouse: '12.8.2',
    settings: { formFactor: 'mobile (Lighthouse defaults: simulated slow 4G, 4× CPU slowdown)', runs, chrome: chromePath },
    machine: { cpus: cpus().length, node: process.version, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg().map((value) => round(value, 2)) },
    pages,
    allTargetsMet: pages.every((page) => page.met),
  };
  mkdirSync('bench', { recursive: true });
  writeFileSync('bench/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nMedians of ${runs} runs per page; load average ${report.machine.loadAverageAtStart.join(' ')} at start. Written to bench/lighthouse.json.`);
  if (!report.allTargetsMet) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
