export default function App() {
  return <div>robots</div>;
}
