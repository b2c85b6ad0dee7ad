import { lazy } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { AiChatTemplate } from '@app/contract';
import { useBackTo } from '../../components/form-kit';
import { NewRecordPage, RecordPage } from '../../components/form-kit/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { aiChatTemplatesArea } from './api';
import { AI_CHAT_TABS, type AiChatTab } from './search';
import { TemplateForm } from './template-form';

const ChatsTab = lazy(() => import('./chats-tab'));

const LIST = { to: '/admin/tech/ai-template', label: 'AI Chat Templates' };
const routeApi = getRouteApi('/admin/tech/ai-template/$aiTemplateId/edit');

/** /admin/tech/ai-template/new: the Template tab alone (no Chats for a new template); a saved one opens on its edit screen. */
export function NewAiChatTemplatePage() {
  const navigate = useNavigate();
  const open = (id: string) =>
    void navigate({
      to: '/admin/tech/ai-template/$aiTemplateId/edit',
      params: { aiTemplateId: id },
      search: { tab: 'Template' },
    });
  return (
    <NewRecordPage list={LIST} title="Add AI Chat Template" open={open}>
      {(form) => <TemplateForm {...form} />}
    </NewRecordPage>
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
  return (
    <RecordPage list={LIST} title="Edit AI Chat Template" result={aiChatTemplatesArea.useDetail(Number(aiTemplateId))}>
      {(template) => <TemplateTabs template={template} tab={search.tab} />}
    </RecordPage>
  );
}
