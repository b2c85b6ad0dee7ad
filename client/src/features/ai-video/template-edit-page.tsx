import { lazy } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { aiVideoContract, type AiVideoTemplate } from '@app/contract';
import { useBackTo } from '../../components/form-kit';
import { NewRecordPage, RecordPage } from '../../components/form-kit/record-page';
import { UrlTabs } from '../../components/url-tabs';
import { usePermissions } from '../../api/permissions';
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
  const navigate = useNavigate();
  const open = (id: string) =>
    void navigate({ to: '/admin/tech/ai-video-template/$aiVideoTemplateId/edit', params: { aiVideoTemplateId: id } });
  return (
    <NewRecordPage list={LIST} title="Add AI Video Template" open={open}>
      {(form) => <TemplateForm {...form} />}
    </NewRecordPage>
  );
}

/** Template, Videos and, for accounts that may generate a video, Generate. */
function TemplateTabs({ template, tab }: { template: AiVideoTemplate; tab: AiVideoTab | undefined }) {
  const back = useBackTo(LIST.to);
  const mayGenerate = usePermissions().can(aiVideoContract.createVideo);
  return (
    <UrlTabs
      tabs={mayGenerate ? AI_VIDEO_TABS : AI_VIDEO_TABS.filter((t) => t !== 'Generate')}
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
  return (
    <RecordPage
      list={LIST}
      title="Edit AI Video Template"
      result={aiVideoTemplatesArea.useDetail(Number(aiVideoTemplateId))}
    >
      {(template) => <TemplateTabs template={template} tab={search.tab} />}
    </RecordPage>
  );
}
