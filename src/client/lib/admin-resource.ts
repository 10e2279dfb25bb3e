import { queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { z, type ZodType } from 'zod';
import { failureToast as serverFailureToast, toast, type ToastInput } from '../components/ui/toast-store';
import { ADMIN_FRESH_MS, adminQueryDefaults } from './admin-queries';
import { apiGet, apiRequest, readJson } from './api-client';

/**
 * One admin resource behind `GET/POST {path}` and `PUT/DELETE {path}/{id}`: how
 * its rows are read and checked, how long the list stays fresh, and which other lists (the public
 * page's) follow each change.
 */
export type AdminResource<Row extends { id: number }, Removed = void> = {
  path: string;
  /** What the admin calls its rows, in headings, toasts and the table's states. */
  names: ResourceNames;
  rowSchema: ZodType<Row>;
  freshMs?: number;
  /** Lists that show the same rows elsewhere (the landing page's), re-read after every change. */
  alsoRefresh?: readonly QueryKey[];
  /**
   * When DELETE answers with a body: how it is read, and whether the server kept the row
   * (e.g. took it off sale instead, because other records refer to it).
   */
  removal?: { answerSchema: ZodType<Removed>; keptRow(answer: Removed): boolean };
};

/** The read of a resource's list (key `[path]`), also for other screens that show its rows (a form's choices). */
export function resourceListQuery<Row extends { id: number }, Removed = void>(resource: AdminResource<Row, Removed>) {
  return queryOptions({
    queryKey: [resource.path],
    queryFn: () => apiGet(resource.path, z.array(resource.rowSchema)),
    ...adminQueryDefaults(resource.freshMs ?? ADMIN_FRESH_MS.default),
  });
}

/** The list and the three writes of a resource; every write re-reads the list and its followers. */
export function useAdminResource<Row extends { id: number }, Input, Changes = Partial<Input>, Removed = void>(resource: AdminResource<Row, Removed>) {
  const queryClient = useQueryClient();
  const key = [resource.path] as const;
  const refresh = () => Promise.all([key, ...(resource.alsoRefresh ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
  const list = useQuery(resourceListQuery(resource));
  const create = useMutation({
    mutationFn: async (input: Input) => readJson(await apiRequest('POST', resource.path, input), resource.rowSchema),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: Changes }) => readJson(await apiRequest('PUT', `${resource.path}/${id}`, changes), resource.rowSchema),
    onSuccess: async (updated) => {
      // A switch shows its new state at once; the re-read confirms it.
      queryClient.setQueryData<Row[]>(key, (rows) => rows?.map((row) => (row.id === updated.id ? updated : row)));
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: async (id: number): Promise<Removed> => {
      const response = await apiRequest('DELETE', `${resource.path}/${id}`);
      return resource.removal ? readJson(response, resource.removal.answerSchema) : (undefined as Removed);
    },
    onSuccess: (answer, id) => {
      // Gone from the table at once (unless the server kept it); the re-read confirms it.
      if (resource.removal?.keptRow(answer)) return;
      queryClient.setQueryData<Row[]>(key, (rows) => rows?.filter((row) => row.id !== id));
    },
    // Also after a refusal: the list may have been stale (someone else removed the row meanwhile).
    onSettled: refresh,
  });
  return { list, create, update, remove, names: resource.names };
}

export type AdminResourceState<Row extends { id: number }, Input, Changes, Removed = void> = ReturnType<typeof useAdminResource<Row, Input, Changes, Removed>>;

/** What the toasts of a resource say (the specification's texts where it gives them). */
export type ResourceTexts<Row, Removed = void> = {
  created: (row: Row) => ToastInput;
  updated: (row: Row) => ToastInput;
  /** `answer`: what the server said to the DELETE, when the resource reads it (`removal`). */
  deleted: (row: Row, answer: Removed) => ToastInput;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
  /** How a failure is told (default: the text above as title, the server's reason or 'Please try again.' below). */
  failure?: (text: string, error: unknown) => ToastInput;
};

/** The names a resource is shown under, as in headings and toast titles: 'Discount Code', 'Discount Codes'. */
export type ResourceNames = { one: string; many: string };

/**
 * The usual toasts, from the resource's names: '{One} Created', '{One} Updated', '{One} Deleted',
 * 'Failed to create {one}' … The tab gives what each says below the title, and any exception.
 */
export function namedTexts<Row>(
  names: ResourceNames,
  said: { created: (row: Row) => string; updated: (row: Row) => string; deleted: (row: Row) => string },
  exceptions: Partial<ResourceTexts<Row>> = {},
): ResourceTexts<Row> {
  const one = names.one.toLowerCase();
  return {
    created: (row) => ({ title: `${names.one} Created`, description: said.created(row) }),
    updated: (row) => ({ title: `${names.one} Updated`, description: said.updated(row) }),
    deleted: (row) => ({ title: `${names.one} Deleted`, description: said.deleted(row) }),
    createFailed: `Failed to create ${one}`,
    updateFailed: `Failed to update ${one}`,
    deleteFailed: `Failed to delete ${one}`,
    ...exceptions,
  };
}

/**
 * The create / edit dialog, the delete confirmation and the in-row changes (switches) of a
 * resource, with their toasts and pending states: a tab says only what differs.
 */
export function useResourceEditor<Row extends { id: number }, Input extends Changes, Changes, Removed = void>(
  resource: AdminResourceState<Row, Input, Changes, Removed>,
  texts: ResourceTexts<Row, Removed>,
  /** What else follows a deletion (e.g. leaving the dashboard when an admin removed themselves). */
  afterDelete?: (row: Row) => void,
) {
  const { create, update, remove } = resource;
  const [form, setForm] = useState<{ open: boolean; editing: Row | null; opening: number }>({ open: false, editing: null, opening: 0 });
  const [toDelete, setToDelete] = useState<Row | null>(null);
  const closeForm = () => setForm((current) => ({ ...current, open: false }));
  const openForm = (editing: Row | null) => setForm((current) => ({ open: true, editing, opening: current.opening + 1 }));
  const failureToast = (text: string, error: unknown) => (texts.failure ? toast(texts.failure(text, error)) : serverFailureToast(text, error));

  /**
   * Creates or saves the form's values. `changes` sends other fields than the form's on an edit
   * (e.g. leaving out one that was not touched); `onRefused` lets the form show a refusal in place.
   */
  const save = (values: Input, options: { changes?: Changes; onRefused?: (error: unknown) => void } = {}) => {
    const editing = form.editing;
    const refused = (title: string) => (error: unknown) => {
      options.onRefused?.(error);
      failureToast(title, error);
    };
    if (!editing) {
      create.mutate(values, {
        onSuccess: (created) => {
          toast(texts.created(created));
          closeForm();
        },
        onError: refused(texts.createFailed),
      });
      return;
    }
    update.mutate(
      { id: editing.id, changes: options.changes ?? values },
      {
        onSuccess: (updated) => {
          toast(texts.updated(updated));
          closeForm();
        },
        onError: refused(texts.updateFailed),
      },
    );
  };

  /** A change made in the row itself (a switch), with its own success text and, if given, its own failure text. */
  const change = (row: Row, changes: Changes, said: (updated: Row) => ToastInput = texts.updated, failed: string = texts.updateFailed) =>
    update.mutate(
      { id: row.id, changes },
      { onSuccess: (updated) => toast(said(updated)), onError: (error) => failureToast(failed, error) },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const row = toDelete;
    remove.mutate(row.id, {
      onSuccess: (answer) => {
        toast(texts.deleted(row, answer));
        afterDelete?.(row);
      },
      onError: (error) => failureToast(texts.deleteFailed, error),
      onSettled: () => setToDelete(null),
    });
  };

  return {
    form: {
      open: form.open,
      editing: form.editing,
      busy: create.isPending || (update.isPending && form.open),
      onOpenChange: (open: boolean) => setForm((current) => ({ ...current, open })),
      // Only the values: a form library may pass more arguments (the submit event) than save takes.
      onSubmit: (values: Input) => save(values),
    },
    /** Changes at each opening of the form: a `key` made from it starts the form afresh. */
    opening: form.opening,
    openNew: () => openForm(null),
    openEdit: (row: Row) => openForm(row),
    save,
    change,
    /** The row whose in-row change is on its way (its switches wait). */
    changingId: update.isPending && update.variables && !form.open ? update.variables.id : null,
    deletion: { row: toDelete, ask: setToDelete, cancel: () => setToDelete(null), confirm: confirmDelete, busy: remove.isPending },
  };
}

