import { lazy } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { AiChatTemplate } from '@app/contract';
import { FormPage, LoadedEntity, useBackTo } from '../../components/form-kit';
import { UrlTabs } from '../../components/url-tabs';
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
    if (id)
      void navigate({
        to: '/admin/tech/ai-template/$aiTemplateId/edit',
        params: { aiTemplateId: String(id) },
        search: { tab: 'Template' },
      });
    else back();
  };
  return (
    <FormPage list={LIST} title="Add AI Chat Template">
      <TemplateForm onSaved={opened} onCancel={back} />
    </FormPage>
  );
}

function TemplateTabs({ template, tab }: { template: AiChatTemplate; tab: AiChatTab | undefined }) {
  const back = useBackTo(LIST.to);
  return (
    <UrlTabs
      tabs={AI_CHAT_TABS}
      current={tab}
      fallback="Chats"
      panels={{
        Template: (
          <TemplateForm key={template.updatedAt} template={template} onSaved={() => undefined} onCancel={back} />
        ),
        Chats: <ChatsTab templateId={template.id} />,
      }}
    />
  );
}

/** /admin/tech/ai-template/{aiTemplateId}/edit: tabs Template and Chats (the default), the tab in `tab`. */
export function EditAiChatTemplatePage() {
  const { aiTemplateId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const result = aiChatTemplatesArea.useDetail(Number(aiTemplateId));
  return (
    <FormPage list={LIST} title="Edit AI Chat Template" subtitle={result.data?.body.name}>
      <LoadedEntity result={result}>{(template) => <TemplateTabs template={template} tab={search.tab} />}</LoadedEntity>
    </FormPage>
  );
}
