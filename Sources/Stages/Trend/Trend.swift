// The Trend stage lands here.
import ChartpipeCore
