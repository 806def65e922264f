import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'wouter';

export interface TabItem {
  /** The tab's value in the query string; '' for the default tab (no parameter at all). */
  key: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Bind the selected tab to this query parameter (e.g. 'tab'), so it can be shared and Back works. */
  queryParam?: string;
  /** The tab shown first when unbound, or when the parameter is absent or unknown. */
  defaultKey?: string;
  /** The tab list's accessible name. */
  label?: string;
}

const tabClassName =
  'border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-600 hover:text-slate-900 focus:outline-none ' +
  'data-focus:outline-2 data-focus:outline-brand data-selected:border-brand data-selected:text-brand data-disabled:opacity-50 ' +
  'dark:text-slate-400 dark:hover:text-slate-100';

function TabView({ tabs, index, onChange, label }: { tabs: readonly TabItem[]; index: number; onChange: (index: number) => void; label?: string | undefined }) {
  return (
    <TabGroup selectedIndex={index} onChange={onChange}>
      <TabList aria-label={label} className="relative flex gap-2 overflow-x-auto border-b border-slate-200 dark:border-slate-800">
        {tabs.map((tab) => (
          <Tab key={tab.key} disabled={tab.disabled ?? false} className={tabClassName}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel key={tab.key} className="focus:outline-none">
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

const indexOf = (tabs: readonly TabItem[], key: string | null | undefined) => Math.max(0, tabs.findIndex((tab) => tab.key === key));

function QueryTabs({ tabs, queryParam, defaultKey, label }: TabsProps & { queryParam: string }) {
  const [params, setParams] = useSearchParams();
  const current = params.get(queryParam);
  const index = indexOf(tabs, tabs.some((tab) => tab.key === current) ? current : (defaultKey ?? tabs[0]?.key));
  const onChange = (next: number) =>
    setParams((previous) => {
      const updated = new URLSearchParams(previous);
      const key = tabs[next]?.key ?? '';
      if (key === '' || key === defaultKey) updated.delete(queryParam);
      else updated.set(queryParam, key);
      return updated;
    });
  return <TabView tabs={tabs} index={index} onChange={onChange} label={label} />;
}

function LocalTabs({ tabs, defaultKey, label }: TabsProps) {
  const [index, setIndex] = useState(() => indexOf(tabs, defaultKey ?? tabs[0]?.key));
  return <TabView tabs={tabs} index={index} onChange={setIndex} label={label} />;
}

/** Headless UI tabs (arrow keys move between them); optionally the choice lives in the URL. */
export function Tabs(props: TabsProps) {
  return props.queryParam ? <QueryTabs {...props} queryParam={props.queryParam} /> : <LocalTabs {...props} />;
}
