// The bench's measurements through the shared harness (`../shared/perf`): autocannon and Lighthouse
// ratios, the HTML's weight, and LCP like for like behind header proxies. index.mjs orchestrates
// (servers, back-ends, the table); this module runs one measurement and parses its output.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { REPO_ROOT } from '../lib/env.mjs';
import { startFixedBodyServer } from './lib/fixed-body-server.mjs';
import { startHeaderProxy } from './lib/header-proxy.mjs';
import { flightPayload, median, parseHttpRatioOutput, parseLighthouseOutput } from './lib/parse.mjs';
import { runCaptured } from './lib/processes.mjs';

/** What Chromium sends as Accept-Encoding. */
export const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

/**
 * The environment of lighthouse-ratio.sh: devtools throttling unless the shell says otherwise, and
 * the reports kept in `reports` (the time-to-interactive row reads them).
 */
export function lighthouseEnv(base, reports) {
  return {
    ...base,
    LH_THROTTLING: base.LH_THROTTLING?.trim() || 'devtools',
    LH_OUT_DIR: reports,
  };
}

/**
 * The measurements, writing the harness's outputs to `logDir` and Lighthouse's reports under
 * `outDir`; `log` prints a progress line.
 */

export function harnessMeasurements({ perfDir, outDir, logDir, log }) {
  async function runHttpRatio(label, urlA, urlB, opts, headers = {}) {
    const args = [
      join(perfDir, 'http-ratio.sh'),
      urlA,
      urlB,
      String(opts.httpSeconds),
      String(opts.httpConnections),
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
    ];
    log(`http-ratio ${label}: A = ${urlA}, B = ${urlB}`);
    const r = await runCaptured(label, 'bash', args, { cwd: REPO_ROOT, env: process.env });
    writeFileSync(join(logDir, `${label}.txt`), `${r.stdout}\n${r.stderr}\n`);
    if (r.code !== 0)
      throw new Error(`http-ratio.sh exited ${r.code}: ${r.stderr.split('\n').slice(-3).join(' ')}`);
    return parseHttpRatioOutput(r.stdout);
  }

  /**
   * `url` (the answer as autocannon gets it: no Accept-Encoding) against a bare server answering the
   * same body with the same Content-Type, side by side. The bare server runs in this process, which
   * is otherwise idle while the harness measures.
   */
  async function runAgainstSameBytes(label, url, opts, headers = {}) {
    const response = await fetch(url, { headers: { ...headers, 'Accept-Encoding': 'identity' } });
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    const bare = await startFixedBodyServer({
      body,
      headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
    });
    try {
      return { ...(await runHttpRatio(label, url, bare.url, opts, headers)), bodyBytes: body.length };
    } finally {
      await bare.close();
    }
  }

  async function measureHtml(url) {
    const response = await fetch(url, { redirect: 'manual' });
    if (response.status !== 200) throw new Error(`GET ${url}: HTTP ${response.status}`);
    const body = Buffer.from(await response.arrayBuffer());
    return {
      rawBytes: body.length,
      gzipBytes: gzipSync(body).length,
      servedEncoding: response.headers.get('content-encoding') ?? 'identity',
      flight: flightPayload(body.toString('utf8')),
    };
  }

  /** Medians of the `interactive` audit (time to interactive) of the kept reports A-n.json / B-n.json. */
  function ttiFromReports(dir) {
    const values = { A: [], B: [] };
    for (const file of readdirSync(dir)) {
      const m = /^([AB])-\d+\.json$/.exec(file);
      if (!m) continue;
      try {
        const report = JSON.parse(readFileSync(join(dir, file), 'utf8'));
        const v = report.audits?.interactive?.numericValue;
        if (typeof v === 'number') values[m[1]].push(v);
      } catch {
        // A failed run's report; the harness said so already.
      }
    }
    return { A: median(values.A), B: median(values.B), runs: { A: values.A.length, B: values.B.length } };
  }

  /** lighthouse-ratio.sh, A = webUrl, B = baseUrl; its reports in .bench/<label>/, its output in the logs. */
  async function runLighthouse(label, webUrl, baseUrl, opts) {
    const reports = join(outDir, label);
    rmSync(reports, { recursive: true, force: true });
    mkdirSync(reports, { recursive: true });
    const env = lighthouseEnv(process.env, reports);
    log(`Lighthouse ${label} (${env.LH_THROTTLING} throttling), ${opts.lhRuns} runs each, about 25 s a run`);
    const r = await runCaptured(
      label,
      'bash',
      [join(perfDir, 'lighthouse-ratio.sh'), webUrl, baseUrl, String(opts.lhRuns)],
      {
        cwd: REPO_ROOT,
        env,
      },
    );
    writeFileSync(join(logDir, `${label}.txt`), `${r.stdout}\n${r.stderr}\n`);
    if (r.code !== 0)
      throw new Error(`lighthouse-ratio.sh exited ${r.code}: ${r.stderr.split('\n').slice(-3).join(' ')}`);
    return {
      throttling: env.LH_THROTTLING,
      ...parseLighthouseOutput(r.stdout),
      tti: ttiFromReports(reports),
    };
  }

  /**
   * LCP like for like: the storefront against the baseline page served with the storefront's own
   * Cross-Origin-Opener-Policy. Chrome commits a document with that header in a fresh renderer process
   * (Lighthouse navigates from about:blank), which costs a bare page 2-12 % of its LCP by itself
   * (docs/perf/issue-11.md), so this figure is what the page's content costs. Both sides go through
   * the same pass-through proxy (lib/header-proxy.mjs); only the baseline's documents get the header.
   */
  async function runOpenerLcp(webUrl, baseUrl, opts) {
    const probe = await fetch(`${webUrl}/`, { redirect: 'manual' });
    await probe.arrayBuffer();
    const policy = probe.headers.get('cross-origin-opener-policy');
    if (!policy) return { skipped: 'the storefront sends no Cross-Origin-Opener-Policy' };
    const proxies = [];
    try {
      const ours = await startHeaderProxy({ upstream: webUrl });
      proxies.push(ours);
      const base = await startHeaderProxy({
        upstream: baseUrl,
        documentHeaders: { 'Cross-Origin-Opener-Policy': policy },
      });
      proxies.push(base);
      log(
        `opener: ${ours.url} -> ${webUrl}; ${base.url} -> ${baseUrl} with Cross-Origin-Opener-Policy: ${policy}`,
      );
      const measured = await runLighthouse('lighthouse-opener', `${ours.url}/`, `${base.url}/`, opts);
      return { policy, ...measured };
    } finally {
      for (const proxy of proxies) await proxy.close();
    }
  }

  return { runHttpRatio, runAgainstSameBytes, measureHtml, runLighthouse, runOpenerLcp };
}
