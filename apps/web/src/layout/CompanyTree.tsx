import { Tree, type TreeDataNode } from 'antd';

/** The sub-company tree of the company switch: its own chunk, fetched when the panel first opens. */
export default function CompanyTree({
  treeData,
  selectedId,
  onPick,
}: {
  treeData: TreeDataNode[];
  selectedId: string | undefined;
  onPick: (id: string) => void;
}) {
  return (
    <Tree
      treeData={treeData}
      defaultExpandAll
      blockNode
      selectedKeys={selectedId ? [selectedId] : []}
      onSelect={(keys) => {
        const key = keys[0];
        if (key !== undefined) onPick(String(key));
      }}
    />
  );
}
