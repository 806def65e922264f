import type { ReactNode } from 'react';

/** 'Nothing here' with an optional explanation and action. */
export function EmptyState({ title, description, action, icon }: { title: string; description?: ReactNode; action?: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
      {icon && <span className="text-slate-400 dark:text-slate-500">{icon}</span>}
      <p className="text-sm font-semibold">{title}</p>
      {description && <p className="max-w-xs text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
