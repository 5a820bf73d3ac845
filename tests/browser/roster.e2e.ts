/** Issue 6 item 3 end to end: build rosters in the browser, see checks and points live, save, reload, export, import, print. */
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { DW_FIGURE_COST, DW_LEADER_COST, DW_WEAPON_COST, DW_NO_SHIELD, parseRoster, serializeRoster } from '../../src/rulesets';
import { browserSession } from './session';
import { pdfText } from '../pdf/pdf-text';

let page: Page;
const session = browserSession();
const url = () => session.url();

/** A fresh browser profile (empty IndexedDB) with the app open. */
async function fresh(): Promise<void> {
  page = await session.fresh();
  await page.goto(url());
  await page.waitForSelector('body[data-ready="true"]');
}

async function newRoster(ruleset: string): Promise<void> {
  // The bare address opens the library (issue 45); from a document, the Library button goes back to it.
  const toLibrary = page.getByRole('button', { name: 'Library', exact: true });
  if (await toLibrary.count()) await toLibrary.click();
  await page.getByRole('button', { name: `New roster for ${ruleset}` }).click();
  await page.getByTestId('roster-view').waitFor();
}

async function addUnit(kind: string): Promise<void> {
  await page.getByTestId('add-kind').selectOption(kind);
  await page.getByTestId('add-unit').click();
}

/** Codes listed in the roster's checks, in order. */
function codes(): Promise<string[]> {
  return page.locator('.checks [data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''));
}

const unit = (n: number) => page.locator(`[data-unit-index="${n - 1}"]`);

async function fill(locator: ReturnType<Page['locator']>, value: string): Promise<void> {
  await locator.fill(value);
  await locator.press('Tab');
}

async function download(click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [d] = await Promise.all([page.waitForEvent('download'), click()]) as [Download, void];
  return { name: d.suggestedFilename(), bytes: readFileSync((await d.path())!) };
}

async function settle(): Promise<void> {
  await page.waitForTimeout(150);
}

describe('roster builder', () => {
  test('a Splendid Victory army breaks a composition rule, shows the error, and clears it when fixed', async () => {
    await fresh();
    await newRoster('A Splendid Victory!');
    expect(await page.getByTestId('scenario-title').textContent()).toContain('Splendid Victory');
    // The blank army: commander and sub-commander, no foot yet.
    expect(await codes()).toEqual(['pike-and-musket-vs-foot', 'foot-vs-mounted']);
    await addUnit('pikeAndMusket');
    expect(await codes()).toEqual([]);
    await expect.poll(() => page.getByTestId('roster-ok').isVisible()).toBe(true);

    await addUnit('cavalry');
    expect(await codes()).toEqual(['foot-vs-mounted']);
    const err = page.locator('.checks [data-code="foot-vs-mounted"]');
    expect(await err.textContent()).toContain('needs more foot than mounted');
    expect(await err.getAttribute('class')).toBe('error');

    // A unit rule names its unit, in the list and on the unit's own row.
    await fill(unit(3).locator('[data-stand="musket"]'), '9');
    expect(await codes()).toEqual(['unit-stands', 'foot-vs-mounted']);
    expect(await page.locator('.checks [data-code="unit-stands"]').textContent()).toContain('Unit 3 (pike-and-musket-1)');
    expect(await unit(3).getAttribute('class')).toContain('error');
    await fill(unit(3).locator('[data-stand="musket"]'), '3');
    expect(await codes()).toEqual(['foot-vs-mounted']);

    await addUnit('pikeAndMusket');
    expect(await codes()).toEqual([]);
    // Undo brings the broken army back; redo fixes it again.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await codes()).toEqual(['foot-vs-mounted']);
    await page.keyboard.press('Control+Y');
    expect(await codes()).toEqual([]);
  });

  test('a Dewitt army totals the hand-computed points, goes over an agreed limit, and both rosters survive a reload', async () => {
    await fresh();
    await newRoster('A Splendid Victory!');
    await addUnit('foot');
    await settle();
    await newRoster('Medieval Wargaming Rules (Dewitt)');
    await fill(page.locator('[data-field="title"]'), 'Welsh border levy');

    await addUnit('foot');
    await unit(2).locator('[data-field="class"]').selectOption('heavy');
    await fill(unit(2).locator('[data-field="stands"]'), '4');
    await unit(2).locator('[data-weapon="longbow"]').check();
    await unit(2).locator('[data-field="shield"]').uncheck();
    await addUnit('cavalry');
    await unit(3).locator('[data-field="class"]').selectOption('superHeavy');
    await fill(unit(3).locator('[data-field="stands"]'), '2');
    await unit(3).locator('[data-weapon="lance"]').check();
    await addUnit('general');

    // By hand: heavy foot 4 stands x 3 figures at (8 + longbow 2 - no shield 1) = 108;
    // superheavy cavalry 2 x 3 at (19 + lance 2) = 126; commander-in-chief 100; general 50.
    expect(12 * (8 + 2 - 1)).toBe(12 * (DW_FIGURE_COST.foot.heavy + DW_WEAPON_COST.longbow + DW_NO_SHIELD));
    expect(6 * (19 + 2)).toBe(6 * (DW_FIGURE_COST.cavalry.superHeavy + DW_WEAPON_COST.lance));
    expect(100 + 50).toBe(DW_LEADER_COST.commanderInChief + DW_LEADER_COST.general);
    const points = await page.getByTestId('unit-points').allTextContents();
    expect(points.map((p) => p.trim())).toEqual(['100 pts', '108 pts', '126 pts', '50 pts']);
    expect(await page.getByTestId('roster-total').textContent()).toContain('384');
    expect(await codes()).toEqual([]);

    await fill(page.locator('[data-field="pointsLimit"]'), '300');
    expect(await codes()).toEqual(['over-points']);
    expect(await page.locator('.checks [data-code="over-points"]').textContent()).toContain('84 over the agreed 300');
    expect(await page.getByTestId('roster-total').textContent()).toMatch(/384\s*points\s*of 300/);
    await settle();

    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    await page.getByTestId('roster-view').waitFor();
    expect(await page.locator('[data-field="title"]').inputValue()).toBe('Welsh border levy');
    expect(await page.getByTestId('roster-total').textContent()).toContain('384');
    expect(await codes()).toEqual(['over-points']);
    // The history came back too.
    await page.getByRole('button', { name: 'Undo' }).click();
    expect(await codes()).toEqual([]);

    await page.getByRole('button', { name: 'Library' }).click();
    const kinds = await page.locator('[data-entry]').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-kind')}: ${e.querySelector('h3')?.textContent}`));
    expect(kinds).toContain('roster: Welsh border levy');
    expect(kinds).toContain('roster: New A Splendid Victory! army');
    expect(kinds.filter((k) => k.startsWith('scenario:'))).toHaveLength(1);
    // Opening the Splendid Victory roster from its card shows its unit.
    await page.getByRole('button', { name: 'Open New A Splendid Victory! army' }).first().click();
    await page.getByTestId('roster-view').waitFor();
    expect(await page.locator('[data-unit-index]').count()).toBe(3);
  });

  test('export then import a roster gives the same file, as a new library entry; a bad roster file changes nothing', async () => {
    await fresh(); // the bare address opens the library
    await page.getByRole('button', { name: 'New roster from example Eastern Association, 1644' }).click();
    await page.getByTestId('roster-view').waitFor();
    const first = await download(() => page.getByRole('button', { name: 'Export' }).click());
    expect(first.name).toBe('eastern-association-1644.roster.json');
    const text = first.bytes.toString('utf8');
    const parsed = parseRoster(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(serializeRoster(parsed.roster)).toBe(text);
    expect(parsed.roster.units).toHaveLength(14);

    const dir = mkdtempSync(join(tmpdir(), 'roster-e2e-'));
    writeFileSync(join(dir, 'army.json'), text);
    await page.getByTestId('import-input').setInputFiles(join(dir, 'army.json'));
    await settle();
    const second = await download(() => page.getByRole('button', { name: 'Export' }).click());
    expect(second.bytes.toString('utf8')).toBe(text);
    await page.getByRole('button', { name: 'Library' }).click();
    expect(await page.locator('[data-entry][data-kind="roster"]').count()).toBe(2);

    const bad = JSON.parse(text);
    bad.units[2].kind = 'musketeers';
    delete bad.meta.title;
    writeFileSync(join(dir, 'bad.json'), JSON.stringify(bad));
    await page.getByTestId('import-input').setInputFiles(join(dir, 'bad.json'));
    const problems = page.getByTestId('import-problems');
    await problems.waitFor();
    const listed = await problems.locator('li').allTextContents();
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed.join('\n')).toContain('/units/2/kind');
    expect(listed.join('\n')).toContain('/meta');
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('[data-entry]').count()).toBe(3);
  });

  test('print a roster PDF and the rule set reference sheet from the roster view', async () => {
    await fresh(); // the bare address opens the library
    await page.getByRole('button', { name: 'New roster from example English retinue, 1415' }).click();
    await page.getByTestId('roster-view').waitFor();
    const pdf = await download(() => page.getByRole('button', { name: 'Roster PDF' }).click());
    expect(pdf.name).toBe('english-retinue-1415-roster.pdf');
    expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = (await pdfText(new Uint8Array(pdf.bytes))).pages.join(' ');
    expect(text).toContain('English retinue, 1415');
    expect(text).toContain('Archers of the left');
    expect(text).toContain('Medieval Wargaming Rules (Dewitt)');

    const ref = await download(() => page.getByRole('button', { name: 'Reference sheet PDF' }).click());
    expect(ref.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const refText = (await pdfText(new Uint8Array(ref.bytes))).pages.join(' ');
    expect(refText.toLowerCase()).toContain('quick reference');
  });
});

describe('roster files dropped on the page', () => {
  test('a roster file dropped on the map editor opens in the roster builder', async () => {
    await fresh();
    await page.waitForSelector('[data-square="A1"]');
    const text = readFileSync(join(import.meta.dirname, '../../templates/rosters/dewitt-english-retinue.json'), 'utf8');
    const dt = await page.evaluateHandle((t) => {
      const d = new DataTransfer();
      d.items.add(new File([t], 'retinue.json', { type: 'application/json' }));
      return d;
    }, text);
    await page.dispatchEvent('.app', 'dragover', { dataTransfer: dt });
    await page.dispatchEvent('.app', 'drop', { dataTransfer: dt });
    await page.getByTestId('roster-view').waitFor();
    expect(await page.getByTestId('roster-total').textContent()).toContain('of 700');
    // The file's own $schema link is kept: the export is the file as the serializer writes it.
    const parsed = parseRoster(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const out = await download(() => page.getByRole('button', { name: 'Export' }).click());
    expect(out.bytes.toString('utf8')).toBe(serializeRoster(parsed.roster));
  });
});

describe('print dialog of the scenario editor', () => {
  test('prints the reference sheet of another rule set on its own', async () => {
    await fresh();
    await page.waitForSelector('[data-square="A1"]');
    await page.getByRole('button', { name: 'Print' }).click();
    await page.locator('[data-test="reference-ruleset"]').selectOption('dewitt-medieval');
    const pdf = await download(() => page.locator('[data-test="print-reference"]').click());
    expect(pdf.name).toBe('dewitt-medieval-reference.pdf');
    const text = (await pdfText(new Uint8Array(pdf.bytes))).pages.join(' ');
    expect(text).toContain('Dewitt');
  });
});
