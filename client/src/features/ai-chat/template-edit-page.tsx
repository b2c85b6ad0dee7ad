import { Suspense, lazy } from 'react';
import { Loader, Tabs } from '@mantine/core';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { AiChatTemplate } from '@app/contract';
import { FormPage, LoadedEntity, useBackTo } from '../../components/form-kit';
import { toUrlSearch } from '../../components/list-kit';
import { aiChatTemplatesArea } from './api';
import { AI_CHAT_TABS, type AiChatTab } from './search';
import { TemplateForm } from './template-form';

const ChatsTab = lazy(() => import('./chats-tab'));

const LIST = { to: '/admin/tech/ai-template', label: 'AI Chat Templates' };
const routeApi = getRouteApi('/admin/tech/ai-template/$aiTemplateId/edit');

/** /admin/tech/ai-template/new: the Template tab alone (no Chats for a new template); a saved one opens on its edit screen. */
export function NewAiChatTemplatePage() {
  const back = useBackTo(LIST.to);
  const navigate = useNavigate();
  const opened = (result: unknown) => {
    const id = (result as { body?: { id?: number } } | undefined)?.body?.id;
    if (id) void navigate({ to: '/admin/tech/ai-template/$aiTemplateId/edit', params: { aiTemplateId: String(id) }, search: { tab: 'Template' } } as never);
    else back();
  };
  return (
    <FormPage list={LIST} title="Add AI Chat Template">
      <TemplateForm onSaved={opened} onCancel={back} />
    </FormPage>
  );
}

function TemplateTabs({ template, tab }: { template: AiChatTemplate; tab: AiChatTab }) {
  const navigate = useNavigate();
  const back = useBackTo(LIST.to);
  const setTab = (value: string | null) => {
    const next = AI_CHAT_TABS.find((t) => t === value) ?? 'Chats';
    void navigate({ to: '.', search: () => toUrlSearch({ tab: next === 'Chats' ? undefined : next }) } as never);
  };
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {AI_CHAT_TABS.map((t) => (
          <Tabs.Tab key={t} value={t}>
            {t}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Suspense fallback={<Loader m="md" aria-label="Loading" />}>
        <Tabs.Panel value="Template" pt="md">
          <TemplateForm key={template.updatedAt} template={template} onSaved={() => undefined} onCancel={back} />
        </Tabs.Panel>
        <Tabs.Panel value="Chats" pt="md">
          <ChatsTab templateId={template.id} />
        </Tabs.Panel>
      </Suspense>
    </Tabs>
  );
}

/** /admin/tech/ai-template/{aiTemplateId}/edit: tabs Template and Chats (the default), the tab in `tab`. */
export function EditAiChatTemplatePage() {
  const { aiTemplateId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const result = aiChatTemplatesArea.useDetail(Number(aiTemplateId));
  return (
    <FormPage list={LIST} title="Edit AI Chat Template" subtitle={result.data?.body.name}>
      <LoadedEntity result={result}>{(template) => <TemplateTabs template={template} tab={search.tab ?? 'Chats'} />}</LoadedEntity>
    </FormPage>
  );
}
