// Drives the classic Jupyter Notebook (Debian's jupyter-notebook) in
// Debian's Chromium with playwright-core, for cmd/kael's
// TestNotebookInBrowser: it creates a notebook with the kael kernel, runs a
// tensor cell, an error cell, a plot cell and a %load cell, interrupts a running loop from the
// toolbar, restarts the kernel from the toolbar, checks the DOM after each
// and saves a screenshot of each in the artifacts folder.
//
// usage: node notebook.mjs BASE_URL TOKEN ARTIFACTS_DIR CHROMIUM
// It exits 0 when every check passed, 1 when one failed, 2 when the
// browser could not start; the last line of its output says which.
import { chromium } from 'playwright-core';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [base, token, artifacts, executablePath] = process.argv.slice(2);
rmSync(artifacts, { recursive: true, force: true }); // no screenshot of an earlier run stays
mkdirSync(artifacts, { recursive: true });
const timeout = 60_000;
const log = [];
const step = (s) => { log.push(s); console.log('step: ' + s); };

async function createNotebook() {
  const res = await fetch(`${base}/api/contents/browser-test.ipynb`, {
    method: 'PUT',
    headers: { Authorization: `token ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      type: 'notebook', format: 'json',
      content: {
        cells: [], nbformat: 4, nbformat_minor: 5,
        metadata: { kernelspec: { name: 'kael', display_name: 'kael', language: 'kael' } },
      },
    }),
  });
  if (!res.ok) throw new Error(`creating the notebook: HTTP ${res.status} ${await res.text()}`);
}

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
const shot = async (name) => page.screenshot({ path: join(artifacts, name + '.png'), fullPage: true });

// waitIdle waits for the kernel to be connected and idle.
const waitIdle = () => page.waitForFunction(() => {
  const k = window.Jupyter && Jupyter.notebook && Jupyter.notebook.kernel;
  return k && k.is_connected() && document.querySelector('#kernel_indicator_icon.kernel_idle_icon');
});

// run appends a code cell, runs it and returns its locator; with wait it
// waits until its prompt shows an execution count.
async function run(code, wait = true) {
  const index = await page.evaluate((code) => {
    const nb = Jupyter.notebook;
    const cell = nb.insert_cell_at_bottom('code');
    cell.set_text(code);
    cell.execute();
    return nb.find_cell_index(cell);
  }, code);
  const cell = page.locator('#notebook-container .cell').nth(index);
  if (wait) {
    await page.waitForFunction((i) => /In\s*\[\d+\]/.test(Jupyter.notebook.get_cell(i).element.find('.input_prompt').text()), index);
  }
  return cell;
}

async function outputText(cell) { return (await cell.locator('.output_area').allInnerTexts()).join('\n'); }

// outputHolding waits for an output of cell to show text (an output may
// arrive after the prompt shows the count) and returns all of them; after
// the timeout it returns what there is, for the check to report.
async function outputHolding(cell, text) {
  await cell.locator('.output_area', { hasText: text }).first().waitFor({ timeout: 15_000 }).catch(() => {});
  return outputText(cell);
}

function check(cond, what) { if (!cond) throw new Error(what); }

try {
  await createNotebook();
  step('notebook created');
  await page.goto(`${base}/notebooks/browser-test.ipynb?token=${token}`);
  await waitIdle();
  step('kernel kael idle');

  let cell = await run('x = tensor([[1., 2.], [3., 4.]])\nx * 2');
  const table = cell.locator('.output_html .kael-tensor table');
  await table.waitFor();
  const caption = await table.locator('caption').innerText();
  check(caption.includes('float32[2, 2]'), `the tensor table's caption is ${JSON.stringify(caption)}`);
  check((await table.locator('td').allInnerTexts()).join(' ').includes('8.'), 'the table lacks the value 8.');
  await shot('1-tensor');
  step('tensor cell: HTML table with caption ' + caption);

  cell = await run('x + nope');
  await cell.locator('.output_error').waitFor();
  const err = await outputText(cell);
  check(err.includes("NameError") && err.includes("nope"), `the error cell shows ${JSON.stringify(err)}`);
  await shot('2-error');
  step('error cell: NameError shown');

  cell = await run('import matplotlib.pyplot as plt\nplt.plot([1, 3, 2], label="loss")\nplt.title("a plot")\nplt.show()');
  // The classic Notebook prefers image/svg+xml to image/png when a bundle
  // has both, as kael's figures do.
  const img = cell.locator('.output_svg svg, .output_png img').first();
  await img.waitFor();
  const size = await img.evaluate((el) => { const r = el.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; });
  check(size[0] > 100 && size[1] > 100, `the plot cell's image is ${size[0]}x${size[1]}`);
  await shot('2b-plot');
  step(`plot cell: figure shown, ${size[0]}x${size[1]}`);

  // %load replaces its own cell's text with the file's (set_next_input,
  // replace true) and runs nothing; running the cell then runs the file.
  // The replaced cell's prompt goes back to In [ ], as with IPython: wait
  // for its text instead.
  cell = await run('%load load-me.kael', false);
  const loadedIndex = await page.evaluate(() => Jupyter.notebook.get_cells().length - 1);
  await page.waitForFunction((i) => Jupyter.notebook.get_cell(i).get_text().startsWith('# %load'), loadedIndex)
    .catch(async () => { throw new Error(`%load left its cell as ${JSON.stringify(await page.evaluate((i) => Jupyter.notebook.get_cell(i).get_text(), loadedIndex))}, output ${JSON.stringify(await outputText(cell))}`); });
  await waitIdle();
  const loadedText = await page.evaluate((i) => Jupyter.notebook.get_cell(i).get_text(), loadedIndex);
  check(loadedText === '# %load load-me.kael\nloaded = 6 * 7\n', `after %load the cell holds ${JSON.stringify(loadedText)}`);
  cell = await run('loaded');
  await cell.locator('.output_error').waitFor();
  check((await outputText(cell)).includes('NameError'), '%load ran the file');
  await page.evaluate((i) => Jupyter.notebook.get_cell(i).execute(), loadedIndex);
  await waitIdle();
  cell = await run('loaded + 1');
  const ran = await outputHolding(cell, '43');
  check(ran.includes('43'), `after running the loaded cell, loaded + 1 shows ${JSON.stringify(ran)}`);
  await page.locator('#notebook-container .cell').nth(loadedIndex).scrollIntoViewIfNeeded();
  await shot('2c-load');
  step('%load replaced its cell with the file; running it ran the file');

  cell = await run('i = 0\nwhile True:\n    i += 1', false);
  await page.waitForSelector('#kernel_indicator_icon.kernel_busy_icon');
  await page.waitForTimeout(500);
  await page.click('button[data-jupyter-action="jupyter-notebook:interrupt-kernel"]');
  await cell.locator('.output_error').waitFor();
  const intr = await outputText(cell);
  check(intr.includes('KeyboardInterrupt'), `the interrupted cell shows ${JSON.stringify(intr)}`);
  await waitIdle();
  cell = await run('i > 0, x.shape');
  const kept = await outputHolding(cell, 'True');
  check(kept.includes('True') && kept.includes('[2, 2]'), `after the interrupt the variables read ${JSON.stringify(kept)}`);
  await shot('3-interrupt');
  step('loop interrupted from the toolbar, variables kept');

  await page.click('button[data-jupyter-action="jupyter-notebook:confirm-restart-kernel"]');
  await page.locator('.modal-dialog button', { hasText: 'Restart' }).click();
  await page.waitForFunction(() => !document.querySelector('.modal-dialog'));
  await page.waitForTimeout(500);
  await waitIdle();
  cell = await run('x');
  await cell.locator('.output_error').waitFor();
  const fresh = await outputText(cell);
  check(fresh.includes('NameError'), `after the restart x reads ${JSON.stringify(fresh)}`);
  cell = await run('tensor([1, 2]).sum()');
  const after = await outputHolding(cell, 'int64[] tensor');
  // The new kernel counts from 1: x was In [1], this cell Out[2].
  check(after.includes('int64[] tensor') && after.includes('Out[2]'), `after the restart a cell shows ${JSON.stringify(after)}`);
  await shot('4-restart');
  step('kernel restarted from the toolbar: variables gone, cells run');
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
