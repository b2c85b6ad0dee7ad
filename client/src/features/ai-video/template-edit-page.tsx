import { lazy } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { AiVideoTemplate } from '@app/contract';
import { FormPage, LoadedEntity, useBackTo } from '../../components/form-kit';
import { UrlTabs } from '../../components/url-tabs';
import { aiVideoTemplatesArea } from './api';
import { AI_VIDEO_TABS, type AiVideoTab } from './search';
import { TemplateForm } from './template-form';

// The two tabs of an existing template load when first shown.
const VideosTab = lazy(() => import('./videos-tab'));
const GenerateTab = lazy(() => import('./generate-tab'));

const LIST = { to: '/admin/tech/ai-video-template', label: 'AI Video Templates' };
const routeApi = getRouteApi('/admin/tech/ai-video-template/$aiVideoTemplateId/edit');

/** /admin/tech/ai-video-template/new: the Template tab alone; a saved template opens on its edit screen. */
export function NewAiVideoTemplatePage() {
  const back = useBackTo(LIST.to);
  const navigate = useNavigate();
  const opened = (result: unknown) => {
    const id = (result as { body?: { id?: number } } | undefined)?.body?.id;
    if (id)
      void navigate({
        to: '/admin/tech/ai-video-template/$aiVideoTemplateId/edit',
        params: { aiVideoTemplateId: String(id) },
      });
    else back();
  };
  return (
    <FormPage list={LIST} title="Add AI Video Template">
      <TemplateForm onSaved={opened} onCancel={back} />
    </FormPage>
  );
}

function TemplateTabs({ template, tab }: { template: AiVideoTemplate; tab: AiVideoTab | undefined }) {
  const back = useBackTo(LIST.to);
  return (
    <UrlTabs
      tabs={AI_VIDEO_TABS}
      current={tab}
      panels={{
        Template: (
          <TemplateForm key={template.updatedAt} template={template} onSaved={() => undefined} onCancel={back} />
        ),
        Videos: <VideosTab templateId={template.id} />,
        Generate: <GenerateTab template={template} />,
      }}
    />
  );
}

/** /admin/tech/ai-video-template/{aiVideoTemplateId}/edit: tabs Template, Videos and Generate, the tab in `tab`. */
export function EditAiVideoTemplatePage() {
  const { aiVideoTemplateId } = routeApi.useParams();
  const search = routeApi.useSearch();
  const result = aiVideoTemplatesArea.useDetail(Number(aiVideoTemplateId));
  return (
    <FormPage list={LIST} title="Edit AI Video Template" subtitle={result.data?.body.name}>
      <LoadedEntity result={result}>{(template) => <TemplateTabs template={template} tab={search.tab} />}</LoadedEntity>
    </FormPage>
  );
}
