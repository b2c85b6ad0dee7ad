import { useState } from 'react';
import { Anchor } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { QuestionnaireListQuery, type QuestionnaireRow } from '@app/contract';
import { AreaListPage, type ListArea } from '../area-list-page';
import { AddButton, countColumn, dayColumn, type Column, type FilterDef } from '../list-kit';
import { NameDialog, type NameSave } from './name-dialog';

const filters: FilterDef[] = [{ key: 'search', type: 'search', placeholder: 'Search name' }];

function columns(detailPath: (id: number) => string): Column<QuestionnaireRow>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (r) => (
        <Anchor component={Link} to={detailPath(r.id)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {r.name}
        </Anchor>
      ),
    },
    countColumn<QuestionnaireRow>('questionCount', 'Questions'),
    dayColumn<QuestionnaireRow>('updatedAt', 'Last Updated', 'sm'),
  ];
}

/**
 * The quiz or survey list (spec 03 §2): name link, question count, last updated, search by name, and the
 * create dialog, which opens the new one's screen once saved.
 */
export function QuestionnaireListPage(props: {
  title: string;
  noun: string;
  /** The quizzes or surveys area (`questionnaireArea`): its list, and its save for the create dialog. */
  area: ListArea<QuestionnaireRow, typeof QuestionnaireListQuery> & { useSave: () => NameSave };
  detailPath: (id: number) => string;
}) {
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const save = props.area.useSave();
  return (
    <>
      <AreaListPage
        title={props.title}
        area={props.area}
        columns={columns(props.detailPath)}
        filters={filters}
        actions={<AddButton label={`Create ${props.noun}`} onClick={() => setCreating(true)} />}
      />
      {creating && (
        <NameDialog
          title={`Create ${props.noun}`}
          save={save}
          onClose={() => setCreating(false)}
          onSaved={(saved) => void navigate({ to: props.detailPath(saved.id) })}
        />
      )}
    </>
  );
}
