// Opens the book's site (make book-html; cmd/kael's TestBookSiteInBrowser
// serves it) in Debian's Chromium with playwright-core: a chapter page
// (chapter 2) and, through the chapter's link, its executed notebook. It
// checks the table of contents, that every image of each page loaded and
// is drawn, the chapter's transcripts, and the notebook's outputs: its
// figures, a tensor's table and printed text. It saves a screenshot of each
// page in the artifacts folder.
//
// usage: node site.mjs BASE_URL - ARTIFACTS_DIR CHROMIUM
// It exits 0 when every check passed, 1 when one failed, 2 when the
// browser could not start; the last line of its output says which.
import { chromium } from 'playwright-core';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, , artifacts, executablePath] = process.argv.slice(2);
rmSync(artifacts, { recursive: true, force: true });
mkdirSync(artifacts, { recursive: true });
const timeout = 30_000;
const log = [];
const step = (s) => { log.push(s); console.log('step: ' + s); };
function check(cond, what) { if (!cond) throw new Error(what); }

let browser;
try {
  browser = await chromium.launch({
    executablePath, headless: true, timeout,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
  });
} catch (e) {
  console.log(`FAIL: Chromium (${executablePath}) could not start: ${e.message.split('\n')[0]}`);
  process.exit(2);
}
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
page.setDefaultTimeout(timeout);
const failed = [];
page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
const shot = async (name) => page.screenshot({ path: join(artifacts, name + '.png'), fullPage: true });

// images returns, for every <img> of the page, its source and whether it
// loaded and is drawn with a size.
const images = () => page.$$eval('img', (imgs) => imgs.map((i) => {
  const r = i.getBoundingClientRect();
  return { src: i.getAttribute('src'), ok: i.complete && i.naturalWidth > 0 && r.width > 0 && r.height > 0 };
}));
async function allImagesShown(where) {
  await page.waitForLoadState('load');
  const imgs = await images();
  const broken = imgs.filter((i) => !i.ok).map((i) => i.src);
  check(broken.length === 0, `${where}: images not shown: ${broken.join(', ')}`);
  return imgs.length;
}

try {
  await page.goto(`${base}/02-memory-model.html`);
  const chapters = await page.locator('nav.toc ol.chapters > li').count();
  check(chapters >= 7, `the table of contents lists ${chapters} chapters`);
  const current = await page.locator('nav.toc a[aria-current="page"]').innerText();
  check(current.includes('memory model'), `the table of contents marks ${JSON.stringify(current)} as this page`);
  const transcript = await page.locator('article pre code').allInnerTexts();
  check(transcript.some((t) => t.includes('>>> ') && t.includes('tensor(')), 'the chapter shows no transcript with output');
  const chapterImages = await allImagesShown('chapter 2');
  await shot('1-chapter');
  step(`chapter 2: ${chapters} chapters in the contents, transcripts, ${chapterImages} images shown`);

  await page.locator('a.notebook-link').click();
  await page.waitForURL(/notebooks\/02-memory-model\.html$/);
  const figures = await page.locator('.output img.figure').count();
  check(figures >= 1, `the notebook shows ${figures} figures`);
  const notebookImages = await allImagesShown('notebook 2');
  const table = page.locator('.output.html .kael-tensor table').first();
  await table.waitFor();
  const cells = (await table.locator('td').allInnerTexts()).join(' ');
  check(/\d/.test(cells), `a tensor's table holds ${JSON.stringify(cells)}`);
  const printed = (await page.locator('.output pre.stdout').allInnerTexts()).join('\n');
  check(printed.includes('Exercise 1: correct'), `the notebook's printed output lacks the first exercise's check: ${JSON.stringify(printed.slice(0, 200))}`);
  const back = await page.locator('a.chapter-link').getAttribute('href');
  check(back === '../02-memory-model.html', `the notebook links back to ${back}`);
  await page.locator('.output img.figure').first().scrollIntoViewIfNeeded();
  await shot('2-notebook');
  step(`notebook 2: ${figures} figures and ${notebookImages} images shown, a tensor table, printed checks`);
  check(failed.length === 0, `requests failed: ${failed.join(', ')}`);
  writeFileSync(join(artifacts, 'steps.txt'), log.join('\n') + '\n');
  console.log('PASS');
} catch (e) {
  await shot('failure').catch(() => {});
  writeFileSync(join(artifacts, 'steps.txt'), log.join('\n') + '\nFAILED: ' + e.message + '\n');
  console.log('FAIL: ' + e.message.split('\n')[0]);
  process.exitCode = 1;
} finally {
  await browser.close();
}
