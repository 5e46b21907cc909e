/** /case/{id}: a case's conversation, fields, status, assignee and notes. */
export function CaseDetailPage() {
  return null;
}
