import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, workshopDates, workshopTemplates } from '../../src/server/db/schema';
import { createWorkshopDate } from '../helpers/factories';
import { clientHeaders, TEST_ADMIN, adminTestSession } from '../helpers/test-app';


const session = adminTestSession();

const db = () => session.db;

/** An admin call: its status and parsed body. */
const call = session.json;

const rowOf = async (id: number) => (await db().select().from(workshopTemplates).where(eq(workshopTemplates.id, id)))[0];
const auditRows = (action: string, id: number) =>
  db().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));

describe('workshop template routes are guarded', () => {
  it.each([
    ['GET', '/api/workshop-templates'],
    ['POST', '/api/workshop-templates'],
    ['PUT', '/api/workshop-templates/1'],
    ['DELETE', '/api/workshop-templates/1'],
  ] as const)('%s %s answers 401 without a session', async (method, url) => {
    const response = await session.app.inject({ method, url, headers: clientHeaders, ...(method === 'POST' || method === 'PUT' ? { payload: { title: 'x' } } : {}) });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/workshop-templates', () => {
  it.each([
    ['no title', {}, 'Title is required'],
    ['an empty title', { title: '' }, 'Title is required'],
    ['a blank title', { title: '   ' }, 'Title is required'],
    ['zero default seats', { title: 'T', defaultSeats: 0 }, 'Default seats must be at least 1'],
    ['an unknown expertise level', { title: 'T', expertiseLevel: 'wizard' }, 'Please select an expertise level'],
  ])('refuses %s with its message', async (_name, payload, message) => {
    const before = (await db().select().from(workshopTemplates)).length;
    const { status, body } = await call('POST', '/api/workshop-templates', payload);
    expect(status).toBe(400);
    expect(body.message).toBe(message);
    expect((await db().select().from(workshopTemplates)).length).toBe(before);
  });

  it('creates a template with beginner and 10 seats by default', async () => {
    const { status, body } = await call('POST', '/api/workshop-templates', { title: '  Intro  ' });
    expect(status).toBe(201);
    expect(body).toMatchObject({ title: 'Intro', expertiseLevel: 'beginner', defaultSeats: 10, description: null });
    expect(await rowOf(body.id)).toMatchObject({ title: 'Intro', expertiseLevel: 'beginner', defaultSeats: 10 });
    const audit = await auditRows('workshop_template_created', body.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe(TEST_ADMIN.email);
  });

  it('keeps the given level, seats and description', async () => {
    const { body } = await call('POST', '/api/workshop-templates', { title: 'Deep dive', expertiseLevel: 'expert', defaultSeats: 6, description: 'For builders' });
    expect(await rowOf(body.id)).toMatchObject({ title: 'Deep dive', expertiseLevel: 'expert', defaultSeats: 6, description: 'For builders' });
  });
});

describe('GET /api/workshop-templates', () => {
  it('lists every template by title', async () => {
    await call('POST', '/api/workshop-templates', { title: 'Zebra' });
    await call('POST', '/api/workshop-templates', { title: 'Aardvark', defaultSeats: 3 });
    const { status, body } = await call('GET', '/api/workshop-templates');
    expect(status).toBe(200);
    const titles = (body as { title: string }[]).map((t) => t.title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));
    expect(body.find((t: { title: string }) => t.title === 'Aardvark')).toMatchObject({ defaultSeats: 3, expertiseLevel: 'beginner' });
    expect(body).toHaveLength((await db().select().from(workshopTemplates)).length);
  });
});

describe('PUT /api/workshop-templates/:id', () => {
  it('changes the fields given and keeps the rest', async () => {
    const { body: created } = await call('POST', '/api/workshop-templates', { title: 'Old', expertiseLevel: 'some_expertise', defaultSeats: 8 });
    const { status, body } = await call('PUT', `/api/workshop-templates/${created.id}`, { title: 'New', defaultSeats: 12 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: created.id, title: 'New', expertiseLevel: 'some_expertise', defaultSeats: 12 });
    expect(await rowOf(created.id)).toMatchObject({ title: 'New', expertiseLevel: 'some_expertise', defaultSeats: 12 });
    expect(await auditRows('workshop_template_updated', created.id)).toHaveLength(1);
  });

  it('refuses an empty title or zero seats and changes nothing', async () => {
    const { body: created } = await call('POST', '/api/workshop-templates', { title: 'Stable' });
    const empty = await call('PUT', `/api/workshop-templates/${created.id}`, { title: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Title is required');
    const seats = await call('PUT', `/api/workshop-templates/${created.id}`, { defaultSeats: 0 });
    expect(seats.body.message).toBe('Default seats must be at least 1');
    expect(await rowOf(created.id)).toMatchObject({ title: 'Stable', defaultSeats: 10 });
  });

  it('answers 404 for a template that does not exist', async () => {
    const { status, body } = await call('PUT', '/api/workshop-templates/999999', { title: 'Ghost' });
    expect(status).toBe(404);
    expect(body.message).toBe('Workshop template not found');
  });
});

describe('DELETE /api/workshop-templates/:id', () => {
  it('deletes the template; workshop dates made from it keep their data', async () => {
    const { body: template } = await call('POST', '/api/workshop-templates', { title: 'Going away', expertiseLevel: 'expert', defaultSeats: 5 });
    const date = await createWorkshopDate(db(), { templateId: template.id, title: 'Going away', expertiseLevel: 'expert', seatsTotal: 5 });

    const { status, body } = await call('DELETE', `/api/workshop-templates/${template.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ deleted: true });
    expect(await rowOf(template.id)).toBeUndefined();
    const [kept] = await db().select().from(workshopDates).where(eq(workshopDates.id, date.id));
    expect(kept).toMatchObject({ templateId: null, title: 'Going away', expertiseLevel: 'expert', seatsTotal: 5 });
    expect(await auditRows('workshop_template_deleted', template.id)).toHaveLength(1);

    const again = await call('DELETE', `/api/workshop-templates/${template.id}`);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Workshop template not found');
  });
});
