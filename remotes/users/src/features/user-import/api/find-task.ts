import { ListTasks, request, type Task } from '@flotilla/shared';

/** How many of the newest tasks are searched for the import's (it was queued moments ago: it is among them). */
const NEWEST = 50;

/** The import's task as the task list shows it (progress, status), or null when it is no longer among the newest. */
export async function findTask(id: string): Promise<Task | null> {
  const page = await request(ListTasks, { query: { offset: 0, limit: NEWEST } });
  return page.list.find((task) => task.id === id) ?? null;
}
